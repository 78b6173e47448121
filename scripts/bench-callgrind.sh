#!/usr/bin/env bash
# Marginal instruction counts (valgrind's callgrind) of XMLBindBenchmarks contenders on one
# workload, as ratios to the hand-written C binder when it is at hand (issue 18).
#
#   scripts/bench-callgrind.sh [beans|rss] [SIZE] [CONTENDER...]
#       defaults: beans 10e6 binder binder-origins stream
#
# Marginal: each contender runs twice, once on the workload and once on a document holding
# only its empty root element; the second count is subtracted from the first, so process
# start-up, registration and exit cancel and what is left is the work the document adds.
# Each run is `--file F --workload W --only NAME --runs 1`: one contender, once, its graph
# left to the exit (set XB_FREE_GRAPH=1 to count its release too).
#
# The C limit (optional): when the C reference binder's source is found (XB_C_DIR, else
# ../shared/bench/c or ../../shared/bench/c next to the checkout; it is not part of the
# package), it is built with gcc -O2 and measured the same way, with and without origins
# (BIND_NO_ORIGIN=1), and the table gains the ratio column: binder-origins to the C run
# with origins, every other contender to the one without. Without it, only the marginal
# counts (and ratios to floor, when floor is among the contenders) are printed.
# The C streamer (expat_stream_ns.c, beside it: the same binder reading the file in 1 MiB
# pieces through XML_GetBuffer/XML_ParseBuffer and freeing each top-level object at its end)
# is measured too when found, without origins, and is what the stream row is a ratio of:
# both pay expat's position recount over every piece that is not the last.
#
# Builds in release (scratch path $XB_SCRATCH, default /tmp/xmlbind-bench-build); profiles
# are kept in $XB_OUT (default /tmp/xmlbind-callgrind) for callgrind_annotate.
# XB_TRAITS=SafeMode measures the SafeMode build (give it its own XB_SCRATCH).
set -euo pipefail
cd "$(dirname "$0")/.."

workload="${1:-beans}"
size="${2:-10e6}"
shift $(( $# > 2 ? 2 : $# ))
contenders=("$@")
[ ${#contenders[@]} -gt 0 ] || contenders=(binder binder-origins stream)

scratch="${XB_SCRATCH:-/tmp/xmlbind-bench-build}"
out="${XB_OUT:-/tmp/xmlbind-callgrind}"
command -v valgrind >/dev/null || { echo "error: valgrind is not installed" >&2; exit 1; }
# Swift seeds its hashing per process: counts of dictionary- and set-heavy runs (beans) then
# vary by about 0.3 % from run to run. A fixed seed makes two runs of one build comparable.
export SWIFT_DETERMINISTIC_HASHING=1

swift build -c release --scratch-path "$scratch" ${XB_TRAITS:+--traits "$XB_TRAITS"} --product XMLBindBenchmarks >&2
binary="$scratch/release/XMLBindBenchmarks"
mkdir -p "$out"
document="$out/$workload-$size.xml"
[ -s "$document" ] || "$binary" --workload "$workload" --size "$size" --emit "$document" >&2
empty="$out/$workload-empty.xml"
case "$workload" in
    beans) printf '<?xml version="1.0" encoding="UTF-8"?>\n<beans xmlns="http://www.springframework.org/schema/beans"/>\n' ;;
    rss) printf '<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"/>\n' ;;
    *) echo "error: unknown workload '$workload'" >&2; exit 64 ;;
esac >"$empty"

c_dir="${XB_C_DIR:-}"
if [ -z "$c_dir" ]; then
    for candidate in ../shared/bench/c ../../shared/bench/c; do
        [ -f "$candidate/expat_bind_ns.c" ] && { c_dir="$candidate"; break; }
    done
fi
c_binary=""
c_stream=""
if [ -n "$c_dir" ] && [ -f "$c_dir/expat_bind_ns.c" ]; then
    c_binary="$out/expat_bind_ns"
    gcc -O2 -o "$c_binary" "$c_dir/expat_bind_ns.c" -lexpat
    if [ -f "$c_dir/expat_stream_ns.c" ]; then
        c_stream="$out/expat_stream_ns"
        gcc -O2 -o "$c_stream" "$c_dir/expat_stream_ns.c" -lexpat
    fi
else
    echo "note: no C reference binder found (XB_C_DIR); printing marginal counts only" >&2
fi

# Instructions of one run: callgrind's total.
count() {
    local name="$1" log="$2"
    shift 2
    "$@" >"$log.out" 2>"$log"
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$log"
}

declare -A marginal checksum
# measure NAME ENVIRONMENT COMMAND...: the command's marginal count, the environment
# (`-u BIND_NO_ORIGIN` or `BIND_NO_ORIGIN=1`) given to `env` outside valgrind.
measure() {
    local name="$1" environment="$2"
    shift 2
    local full base
    full=$(count "$name" "$out/callgrind.$workload-$size.$name.log" env $environment valgrind --tool=callgrind \
        --callgrind-out-file="$out/callgrind.$workload-$size.$name" "$@" "$document")
    checksum[$name]=$(head -n 1 "$out/callgrind.$workload-$size.$name.log.out")
    base=$(count "$name" "$out/callgrind.$workload-empty.$name.log" env $environment valgrind --tool=callgrind \
        --callgrind-out-file="$out/callgrind.$workload-empty.$name" "$@" "$empty")
    marginal[$name]=$(( full - base ))
    echo "$name: ${checksum[$name]}  ($full - $base = ${marginal[$name]} instructions)" >&2
}

for name in "${contenders[@]}"; do
    measure "$name" "-u BIND_NO_ORIGIN" "$binary" --workload "$workload" --only "$name" --runs 1 ${XB_FREE_GRAPH:+--free-graph} --file
done
if [ -n "$c_binary" ]; then
    measure c-limit BIND_NO_ORIGIN=1 "$c_binary" "$workload"
    measure c-limit-origins "-u BIND_NO_ORIGIN" "$c_binary" "$workload"
fi
[ -z "$c_stream" ] || measure c-stream BIND_NO_ORIGIN=1 "$c_stream" "$workload"


ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", a / b }'; }
echo "workload $workload, $(wc -c <"$document") bytes; marginal instructions (run minus empty-root run)"
printf '%-16s %14s %9s %9s\n' contender instructions "× floor" "× C"
rows=("${contenders[@]}")
[ -z "$c_binary" ] || rows+=(c-limit c-limit-origins)
[ -z "$c_stream" ] || rows+=(c-stream)
for name in "${rows[@]}"; do
    floor="-"; c="-"
    [ -z "${marginal[floor]:-}" ] || floor=$(ratio "${marginal[$name]}" "${marginal[floor]}")
    if [ -n "$c_binary" ]; then
        case "$name" in
            *-origins) c=$(ratio "${marginal[$name]}" "${marginal[c-limit-origins]}") ;;
            stream | c-stream)
                limit=c-limit
                [ -z "$c_stream" ] || limit=c-stream
                c=$(ratio "${marginal[$name]}" "${marginal[$limit]}")
                ;;
            *) c=$(ratio "${marginal[$name]}" "${marginal[c-limit]}") ;;
        esac
    fi
    printf '%-16s %14s %9s %9s\n' "$name" "${marginal[$name]}" "$floor" "$c"
done
status=0
for name in "${rows[@]}"; do
    case "${checksum[$name]}" in bytes=*) continue ;; esac
    if [ -n "$c_binary" ] && [ "${checksum[$name]}" != "${checksum[c-limit]}" ]; then
        echo "!!! checksum mismatch: $name printed '${checksum[$name]}', the C limit '${checksum[c-limit]}'" >&2
        status=1
    fi
done
exit $status
