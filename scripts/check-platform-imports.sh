#!/usr/bin/env bash
# Fails when a Swift file under Sources/ reaches a platform-only module without a guard
# (issue 34): an `import Glibc` (or Darwin, Musl, Bionic, Android, WASILibc, WinSDK, ucrt,
# FoundationNetworking, FoundationXML), or a name qualified by one of them (`Glibc.read`),
# must sit inside an `#if canImport(ThatModule)` (or an `#if os(…)`) block, with the other
# platforms' equivalent beside it. Everything else in the package is meant to build on
# Linux and on Apple platforms alike.
#
# The core library (Sources/XMLBind) also runs on FoundationEssentials, so that a program
# with XMLBind alone starts without Foundation and ICU (issue 35): there, `import
# Foundation` (or FoundationInternationalization) may only be the fallback in the `#else`
# of an `#if canImport(FoundationEssentials)`.
#
#   scripts/check-platform-imports.sh [-q]     (-q: print only problems)
set -euo pipefail
cd "$(dirname "$0")/.."
quiet=${1:-}

modules='Glibc|Darwin|Musl|Bionic|Android|WASILibc|WinSDK|ucrt|FoundationNetworking|FoundationXML'
problems=0
while IFS= read -r -d '' file; do
    core=0
    [[ "$file" == Sources/XMLBind/* ]] && core=1
    out=$(awk -v modules="$modules" -v file="$file" -v core="$core" '
        # A stack of the conditions of the open #if blocks; #elseif/#else replace the top.
        /^[[:space:]]*#if[[:space:]]/     { sp++; cond[sp] = $0; next }
        /^[[:space:]]*#elseif[[:space:]]/ { cond[sp] = $0; next }
        /^[[:space:]]*#else/              { cond[sp] = "#else of " cond[sp]; next }
        /^[[:space:]]*#endif/             { if (sp > 0) sp--; next }
        {
            line = $0
            sub(/\/\/.*/, "", line)                  # ignore comments
            if (core && match(line, "^[[:space:]]*(@_exported[[:space:]]+)?import[[:space:]]+(Foundation|FoundationInternationalization)([[:space:]]|$)")) {
                fallback = (sp > 0 && index(cond[sp], "#else of") == 1 && index(cond[sp], "canImport(FoundationEssentials)") > 0)
                if (!fallback) printf "%s:%d: the core imports Foundation; import FoundationEssentials, with Foundation only in the #else of #if canImport(FoundationEssentials)\n", file, NR
                next
            }
            name = ""
            if (match(line, "^[[:space:]]*(@_exported[[:space:]]+)?import[[:space:]]+(" modules ")([[:space:]]|$)")) {
                name = line; sub(/^[[:space:]]*(@_exported[[:space:]]+)?import[[:space:]]+/, "", name); sub(/[[:space:]].*$/, "", name)
            } else if (match(line, "(^|[^A-Za-z0-9_.])(" modules ")\\.[A-Za-z_]")) {
                name = substr(line, RSTART, RLENGTH); sub(/^[^A-Za-z]/, "", name); sub(/\..*$/, "", name)
            }
            if (name == "") next
            guarded = 0
            for (i = 1; i <= sp; i++) {
                if (index(cond[i], "canImport(" name ")") > 0 || index(cond[i], "os(") > 0) guarded = 1
            }
            if (!guarded) printf "%s:%d: %s used without #if canImport(%s)\n", file, NR, name, name
        }
    ' "$file")
    if [[ -n "$out" ]]; then
        echo "$out"
        problems=$((problems + $(wc -l <<<"$out")))
    fi
done < <(find Sources -name '*.swift' -print0 | sort -z)

if ((problems > 0)); then
    echo "check-platform-imports: $problems problem(s); guard each platform-only use with #if canImport(…) and give the other platforms' equivalent; the core imports Foundation only as FoundationEssentials' fallback" >&2
    exit 1
fi
[[ "$quiet" == "-q" ]] || echo "check-platform-imports: every platform-only import in Sources/ is guarded, and the core runs on FoundationEssentials"
