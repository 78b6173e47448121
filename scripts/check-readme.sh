#!/usr/bin/env bash
# Builds the README's first example as a user would: pasted into the main.swift of a new
# package (outside this repository) that depends on XMLBind by path, then compares what it
# prints with the output block the README shows under it. Warnings fail the check.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
scratch="$(mktemp -d "${TMPDIR:-/tmp}/xmlbind-readme.XXXXXX")"
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/Sources/ReadmeExample"
cat >"$scratch/Package.swift" <<MANIFEST
// swift-tools-version: 6.2
import PackageDescription
let package = Package(
    name: "ReadmeExample",
    dependencies: [.package(path: "$repo")],
    targets: [
        .executableTarget(
            name: "ReadmeExample", dependencies: [.product(name: "XMLBind", package: "$(basename "$repo")")])
    ],
    swiftLanguageModes: [.v6])
MANIFEST
# The first ```swift block, then the first plain ``` block after it.
awk '/^```swift$/ && !done { inside = 1; next } inside && /^```$/ { exit } inside { print }' "$repo/README.md" \
    >"$scratch/Sources/ReadmeExample/main.swift"
awk '/^```swift$/ { seen = 1 } seen && /^```$/ && !inside { count++; if (count == 2) { inside = 1; next } }
     inside && /^```$/ { exit } inside { print }' "$repo/README.md" >"$scratch/expected.txt"
cd "$scratch"
swift build 2>&1 | tee build.log
if grep -q "warning:" build.log; then
    echo "check-readme: the README example compiles with warnings" >&2
    exit 1
fi
swift run --skip-build ReadmeExample >actual.txt
diff -u expected.txt actual.txt
echo "check-readme: the README example compiles without warnings and prints what the README shows"
