#!/usr/bin/env bash
# Peak resident memory at start-up (issue 35), as a user's program sees it: the median of
# RUNS runs (default 5) of `/usr/bin/time -f %M` ("Maximum resident set size") for
#   - reference programs built here with `swiftc -O`: a plain Swift program, one with
#     FoundationEssentials alone, the same reading its arguments as the probe does when
#     XMLBIND_PROBE_AS_USER is not set, one with Foundation alone;
#   - XMLBindStartupProbe (XMLBind alone), binding one small document as a user's program
#     would (XMLBIND_PROBE_AS_USER=1: it reads no arguments), the same reading its
#     arguments, and streaming RSS_FILE when one is given
#     (`python3 Benchmarks/gen_workloads.py rss FILE 100e6`);
#   - XMLBindFeedsStartupProbe (XMLBindFeeds, which links Foundation), reading a small feed.
# Then the probe's own breakdown per mapped file (`--memory`). Figures vary with the
# kernel and with what the page cache holds: compare the rows of one run, not runs of
# different machines. Linux only; measures, checks nothing.
#
#   scripts/measure-startup.sh [RSS_FILE]   (builds the release probes when missing)
#   BUILD_DIR=… RUNS=… scripts/measure-startup.sh …   (default .build/release, 5)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-5}
build=${BUILD_DIR:-.build/release}
for product in XMLBindStartupProbe XMLBindFeedsStartupProbe; do
    if [[ ! -x "$build/$product" ]]; then
        [[ -z "${BUILD_DIR:-}" ]] || { echo "measure-startup: no $build/$product" >&2; exit 1; }
        swift build -c release --product "$product" >/dev/null
    fi
done

references=$(mktemp -d "${TMPDIR:-/tmp}/xmlbind-startup.XXXXXX")
trap 'rm -rf "$references"' EXIT
# Each as small as it can be: a program that uses the module at all.
echo 'print("plain")' >"$references/plain.swift"
printf 'import FoundationEssentials\nprint(Data("x".utf8).count)\n' >"$references/essentials.swift"
printf 'import Foundation\nprint(Data("x".utf8).count)\n' >"$references/foundation.swift"
# Reading arguments: `CommandLine.arguments` alone maps about 200 KiB (of the standard
# library's code), the probe's, not XMLBind's; the probe's measured run reads none.
printf 'import FoundationEssentials\nprint(Data("x".utf8).count, CommandLine.arguments.count)\n' \
    >"$references/arguments.swift"
for program in plain essentials arguments foundation; do
    swiftc -O "$references/$program.swift" -o "$references/$program"
done

# The median of the peak resident memory (KiB) of `runs` runs of a command.
peak() {
    for _ in $(seq "$runs"); do
        /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -n 1
    done | sort -n | awk '{ values[NR] = $1 } END { print values[int((NR + 1) / 2)] }'
}
row() {
    local label=$1
    shift
    local kib
    kib=$(peak "$@")
    printf '%-54s %6d KiB  %5.1f MiB\n' "$label" "$kib" "$(awk -v k="$kib" 'BEGIN { print k / 1024 }')"
}

row "a plain Swift program" "$references/plain"
row "FoundationEssentials alone" "$references/essentials"
row "FoundationEssentials, reading CommandLine.arguments" "$references/arguments"
row "Foundation alone" "$references/foundation"
row "XMLBind alone, one small document" env XMLBIND_PROBE_AS_USER=1 "$build/XMLBindStartupProbe"
row "XMLBind alone, one small document, reading arguments" "$build/XMLBindStartupProbe"
if [[ -n "${1:-}" ]]; then
    row "XMLBind alone, streaming $(basename "$1")" "$build/XMLBindStartupProbe" stream "$1"
fi
row "XMLBindFeeds, one small feed from memory" "$build/XMLBindFeedsStartupProbe"
echo
echo "XMLBindStartupProbe --memory (resident KiB per mapped file, once the document is bound):"
"$build/XMLBindStartupProbe" --memory | tail -n +2
