#!/usr/bin/env bash
# Lists every construct in the Swift sources of every module under Sources/ that works below
# Swift's memory or concurrency checks, and fails when one appears where no stated reason
# allows it (issue 29). Two kinds are found:
#
#   memory:       pointers (`Unsafe…Pointer`, `OpaquePointer`, `withUnsafe…`, rebinding,
#                 `.allocate(`), `Unmanaged`, `unsafeBitCast`, `unsafeDowncast`,
#                 `unsafelyUnwrapped`, `@exclusivity(unchecked)`, `_forEachField`, `@_cdecl`…
#   concurrency   `@unchecked Sendable`, `nonisolated(unsafe)`, and lifetime tricks
#   and lifetime: (`withExtendedLifetime`, `_fixLifetime`): promises to the compiler that
#                 it cannot check.
#
# Allowed:
#
#   1. anything in a file named `Type+Unsafe.swift`: the unsafe part of the type it is named
#      after, with its invariants written at the top (raw memory the library allocates and
#      frees itself, `Unmanaged` for C callbacks, `@exclusivity(unchecked)` on the library's
#      own state under a one-thread invariant, field offsets verified at registration, a
#      type made `@unchecked Sendable` by those invariants);
#   2. a read-only view of bytes lent for the length of a call (`UnsafeBufferPointer`,
#      `UnsafeRawBufferPointer`, `withUnsafeBytes`, `withUnsafeBufferPointer`), anywhere:
#      never stored, never written through;
#   3. the entries of scripts/unsafe-allowed.txt, each a file or a folder, the constructs it
#      may hold (a regex, or `memory` for every memory construct) and why: the C boundaries
#      (the expat layer, the HTTP server's C libraries, the iconv call), the harnesses that
#      are not the product (benchmarks, fuzzer), and each concurrency or lifetime promise
#      outside a `+Unsafe.swift` file with the reason it holds.
#
# (A list of files still waiting for their unsafe part to move into a `+Unsafe.swift` file,
# scripts/unsafe-pending.txt, was read here while issue 29 item 1 was under way. It emptied,
# and went: the engine's event paths take expat's names, attributes and text and its own
# stack slots as the views of Expat/ExpatName+Unsafe.swift and Engine/ValueSlot+Unsafe.swift.)
#
# A lock-protected class needs no entry: it is `Sendable` through `Mutex` (Synchronization),
# which the compiler checks. An entry in scripts/unsafe-allowed.txt is for what cannot be.
#
# Refused everywhere, `+Unsafe.swift` files included: bindings to mangled symbols
# (`@_silgen_name`, outside the fuzzer's C entry point), the runtime's private headers
# (`SwiftShims`), the standard library's underscored escape hatches.
#
# Whole-line comments and doc comments are not read, so a comment may name a construct.
#
#   scripts/check-unsafe.sh        list every construct, then fail on anything not allowed
#   scripts/check-unsafe.sh -q     only what is not allowed
set -euo pipefail
cd "$(dirname "$0")/.."
quiet=false
[ "${1:-}" = "-q" ] && quiet=true

memory='Unsafe(Mutable)?(Raw)?(Buffer)?Pointer|OpaquePointer|Unmanaged|withUnsafe[A-Za-z]*|withMemoryRebound'
memory+='|assumingMemoryBound|bindMemory|\.allocate\(|unsafeBitCast|unsafeDowncast|_unsafeReferenceCast'
memory+='|unsafelyUnwrapped|@exclusivity|_forEachField|@_cdecl|@_silgen_name|SwiftShims|bytesNoCopy'
memory+='|_withUnprotected[A-Za-z]*|_withUnsafeGuaranteedRef|unsafeAddress'
concurrency='@unchecked[[:space:]]+Sendable|nonisolated\(unsafe\)|withExtendedLifetime|_fixLifetime'
unsafe="$memory|$concurrency"
views='UnsafeBufferPointer|UnsafeRawBufferPointer|withUnsafeBytes|withUnsafeBufferPointer'
refused='@_silgen_name|SwiftShims|_withUnprotected[A-Za-z]*|_unsafeReferenceCast'

# path (a file, or a folder ending in /) :: constructs it may hold (a regex) :: why
allowed=()
while IFS=$'\t' read -r path constructs reason; do
    case "$path" in '' | '#'*) continue ;; esac
    [ -n "$reason" ] || { echo "scripts/unsafe-allowed.txt: $path: no reason given" >&2; exit 1; }
    [ "$constructs" = memory ] && constructs="$memory"
    allowed+=("$path::$constructs::$reason")
done <scripts/unsafe-allowed.txt

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
    # Every entry naming the file or a folder holding it adds what it allows.
    rule=""
    permitted=""
    case "$file" in *+Unsafe.swift) rule="+Unsafe.swift file" permitted="$unsafe" ;; esac
    for entry in "${allowed[@]}"; do
        path="${entry%%::*}"
        rest="${entry#*::}"
        if [ "$file" = "$path" ] || { [ "${path: -1}" = / ] && [[ "$file" == "$path"* ]]; }; then
            rule="${rule:+$rule, }allowed: $path"
            permitted="${permitted:+$permitted|}${rest%%::*}"
        fi
    done
    while IFS= read -r hit; do
        line="${hit%%:*}"
        mapfile -t constructs < <(grep -oE "$unsafe" <<<"${hit#*:}" | sort -u)
        for construct in "${constructs[@]}"; do
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
