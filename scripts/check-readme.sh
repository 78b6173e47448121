#!/usr/bin/env bash
# Builds every ```swift block of the README as a user would: each pasted into the main.swift
# of its own executable target, in a new package (outside this repository) that depends on
# XMLBind by path, each target depending on exactly the products its `import` lines name.
# Then runs the first example and compares what it prints with the output block the README
# shows under it (the others call services, so they are built, not run). Warnings fail.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
scratch="$(mktemp -d "${TMPDIR:-/tmp}/xmlbind-readme.XXXXXX")"
trap 'rm -rf "$scratch"' EXIT
products=(XMLBind XMLBindFoundation XMLBindFeeds XMLBindSOAP XMLBindSOAPServer XMLBindHTTP XMLBindRPC XMLBindRPCServer)

count=$(grep -c '^```swift$' "$repo/README.md" || true)
if [ "$count" -eq 0 ]; then
    echo "check-readme: the README has no swift block" >&2
    exit 1
fi
targets=""
for ((n = 1; n <= count; n++)); do
    mkdir -p "$scratch/Sources/Example$n"
    awk -v n="$n" '/^```swift$/ { k++; if (k == n) { inside = 1; next } } inside && /^```$/ { exit } inside { print }' \
        "$repo/README.md" >"$scratch/Sources/Example$n/main.swift"
    dependencies=""
    for product in "${products[@]}"; do
        if grep -Eq "^(@preconcurrency )?import $product\$" "$scratch/Sources/Example$n/main.swift"; then
            dependencies+=".product(name: \"$product\", package: \"$(basename "$repo")\"), "
        fi
    done
    targets+="        .executableTarget(name: \"Example$n\", dependencies: [$dependencies]),
"
done
cat >"$scratch/Package.swift" <<MANIFEST
// swift-tools-version: 6.2
import PackageDescription
let package = Package(
    name: "ReadmeExamples",
    dependencies: [.package(path: "$repo")],
    targets: [
$targets    ],
    swiftLanguageModes: [.v6])
MANIFEST
# The first plain ``` block after the first ```swift block: what the first example prints.
awk '/^```swift$/ { seen = 1 } seen && /^```$/ && !inside { count++; if (count == 2) { inside = 1; next } }
     inside && /^```$/ { exit } inside { print }' "$repo/README.md" >"$scratch/expected.txt"
cd "$scratch"
if ! swift build 2>&1 | tee build.log; then
    echo "check-readme: a README example does not compile (Sources/ExampleN is the Nth swift block)" >&2
    exit 1
fi
if grep -q "warning:" build.log; then
    echo "check-readme: a README example compiles with warnings" >&2
    exit 1
fi
swift run --skip-build Example1 >actual.txt
diff -u expected.txt actual.txt
echo "check-readme: all $count README examples compile without warnings, and the first prints what the README shows"
