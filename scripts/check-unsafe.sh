#!/usr/bin/env bash
# Lists every construct in the package's Swift sources that works below Swift's memory
# checks, and fails when one appears where it is not allowed (issue 29). Allowed:
#
#   1. a file named `Type+Unsafe.swift`: the unsafe part of the type it is named after,
#      with its invariants written at the top (raw memory the library allocates and frees
#      itself, `Unmanaged` for C callbacks, `@exclusivity(unchecked)` on the library's own
#      state under a one-thread invariant, field offsets verified at registration);
#   2. a read-only view of bytes lent for the length of a call (`UnsafeBufferPointer`,
#      `UnsafeRawBufferPointer`, `withUnsafeBytes`, `withUnsafeBufferPointer`), anywhere:
#      never stored, never written through;
#   3. the C boundaries and the harnesses in `boundaries` below, each with its reason;
#   4. the files of scripts/unsafe-pending.txt, each with the constructs it held when the
#      list was made and why: work left of issue 29 item 1 (their unsafe part to move into a
#      `+Unsafe.swift` file of its own). The list may only shrink: a construct a listed file
#      did not hold fails like any other.
#
# Refused everywhere, `+Unsafe.swift` files included: bindings to mangled symbols
# (`@_silgen_name`, outside the fuzzer's C entry point), the runtime's private headers
# (`SwiftShims`), the standard library's underscored escape hatches.
#
# (Concurrency annotations, `@unchecked Sendable` and `nonisolated(unsafe)`, are not memory
# constructs and are not listed here.)
#
#   scripts/check-unsafe.sh        list every construct, then fail on anything not allowed
#   scripts/check-unsafe.sh -q     only what is not allowed
set -euo pipefail
cd "$(dirname "$0")/.."
quiet=false
[ "${1:-}" = "-q" ] && quiet=true

unsafe='Unsafe(Mutable)?(Raw)?(Buffer)?Pointer|OpaquePointer|Unmanaged|withUnsafe[A-Za-z]*|withMemoryRebound'
unsafe+='|assumingMemoryBound|bindMemory|\.allocate\(|unsafeBitCast|unsafeDowncast|_unsafeReferenceCast'
unsafe+='|unsafelyUnwrapped|@exclusivity|_forEachField|@_cdecl|@_silgen_name|SwiftShims|bytesNoCopy'
unsafe+='|_withUnprotected[A-Za-z]*|_withUnsafeGuaranteedRef|unsafeAddress'
views='UnsafeBufferPointer|UnsafeRawBufferPointer|withUnsafeBytes|withUnsafeBufferPointer'
refused='@_silgen_name|SwiftShims|_withUnprotected[A-Za-z]*|_unsafeReferenceCast'

# path (a file, or a folder ending in /) :: constructs it may hold (a regex) :: why
boundaries=(
    "Sources/XMLBind/Expat/::$unsafe::the expat layer, the only importer of CExpat: the C parser, its callbacks (the driver through Unmanaged user data, handlers as @_cdecl entry points) and the pointers into expat's buffers they lend for one call"
    "Sources/XMLBindHTTP/::$unsafe::the libmicrohttpd and zlib layer, the only importer of those C libraries: callbacks through Unmanaged, C buffers"
    "Sources/XMLBind/Encodings/Iconv.swift::$unsafe::the one iconv call site: iconv's in and out pointer arguments"
    "Sources/XMLBindFuzz/main.swift::$unsafe::libFuzzer's C entry point LLVMFuzzerRunDriver (a C function, bound by @_silgen_name, not a Swift internal) and the input it lends"
    "Sources/XMLBindBenchmarks/::$unsafe::the benchmark harness, not the product: posix_spawn's argument vectors and the floor contender's own expat calls"
)
pending=()
while IFS=$'\t' read -r path constructs reason; do
    case "$path" in '' | '#'*) continue ;; esac
    pending+=("$path::$constructs::$reason")
done <scripts/unsafe-pending.txt

mapfile -t files < <(git ls-files 'Sources/*.swift' | sort)
failures=0
listed=0
report() {
    case "$2" in
        NOT*) failures=$((failures + 1)); echo "$1: $2" ;;
        *) $quiet || echo "$1: $2" ;;
    esac
}
for file in "${files[@]}"; do
    # Code only: whole-line comments and doc comments are skipped.
    hits=$(grep -nE "$unsafe" "$file" | grep -vE '^[0-9]+:[[:space:]]*//' || true)
    [ -n "$hits" ] || continue
    rule=""
    permitted=""
    case "$file" in *+Unsafe.swift) rule="+Unsafe.swift file" permitted="$unsafe" ;; esac
    for entry in "${boundaries[@]}" "${pending[@]}"; do
        path="${entry%%::*}"
        rest="${entry#*::}"
        if [ "$file" = "$path" ] || { [ "${path: -1}" = / ] && [[ "$file" == "$path"* ]]; }; then
            rule="allowed: $path"
            permitted="${rest%%::*}"
            break
        fi
    done
    while IFS= read -r hit; do
        line="${hit%%:*}"
        for construct in $(grep -oE "$unsafe" <<<"${hit#*:}" | sort -u); do
            listed=$((listed + 1))
            where="$file:$line: $construct"
            if grep -qE "^($refused)$" <<<"$construct" && [ "$file" != Sources/XMLBindFuzz/main.swift ]; then
                report "$where" "NOT ALLOWED: refused everywhere (a standard-library or runtime internal)"
            elif [ -n "$permitted" ] && grep -qE "^($permitted)$" <<<"$construct"; then
                report "$where" "ok ($rule)"
            elif grep -qE "^($views)$" <<<"$construct"; then
                report "$where" "ok (a read-only view lent for one call)"
            elif [ -n "$rule" ]; then
                report "$where" "NOT ALLOWED: not among what $rule may hold"
            else
                report "$where" "NOT ALLOWED: outside a +Unsafe.swift file and the allow-lists"
            fi
        done
    done <<<"$hits"
done
echo "check-unsafe: $listed unsafe constructs listed, $failures not allowed" >&2
[ "$failures" -eq 0 ]
