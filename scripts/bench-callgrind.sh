#!/usr/bin/env bash
# Instruction counts (valgrind's callgrind) of each XMLBindBenchmarks contender on one
# workload, and their ratio to the floor (expat with empty callbacks), as issue 5 asks.
#
#   scripts/bench-callgrind.sh [beans|rss] [SIZE] [CONTENDER...]
#       defaults: beans 1e6 floor binder foundation
#
# Builds in release (scratch path $XB_SCRATCH, default /tmp/xmlbind-bench-build), writes
# the workload with the benchmark's own generator (the bytes of gen_workloads.py), and
# runs `--file F --workload W --only NAME --runs 1` under callgrind: one contender, once,
# the whole process counted (start-up, reading the file and registration included; the
# graph is left to the exit, as the timed runs leave its release outside the clock; set
# XB_FREE_GRAPH=1 to count its release too).
# Profiles are kept in $XB_OUT (default /tmp/xmlbind-callgrind) for callgrind_annotate.
# XB_TRAITS=SafeMode measures the SafeMode build (give it its own XB_SCRATCH).
set -euo pipefail
cd "$(dirname "$0")/.."

workload="${1:-beans}"
size="${2:-1e6}"
shift $(( $# > 2 ? 2 : $# ))
contenders=("$@")
[ ${#contenders[@]} -gt 0 ] || contenders=(floor binder foundation)

scratch="${XB_SCRATCH:-/tmp/xmlbind-bench-build}"
out="${XB_OUT:-/tmp/xmlbind-callgrind}"
command -v valgrind >/dev/null || { echo "error: valgrind is not installed" >&2; exit 1; }

swift build -c release --scratch-path "$scratch" ${XB_TRAITS:+--traits "$XB_TRAITS"} --product XMLBindBenchmarks >&2
binary="$scratch/release/XMLBindBenchmarks"
mkdir -p "$out"
document="$out/$workload-$size.xml"
"$binary" --workload "$workload" --size "$size" --emit "$document" >&2

declare -A counts
for name in "${contenders[@]}"; do
    profile="$out/callgrind.$workload-$size.$name"
    log="$out/callgrind.$workload-$size.$name.log"
    valgrind --tool=callgrind --callgrind-out-file="$profile" \
        "$binary" --file "$document" --workload "$workload" --only "$name" --runs 1 ${XB_FREE_GRAPH:+--free-graph} >"$out/$name.checksum" 2>"$log"
    counts[$name]=$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$log")
    echo "$name: $(cat "$out/$name.checksum")  (${counts[$name]} instructions, profile $profile)" >&2
done

printf '%-12s %16s %9s\n' contender instructions "× floor"
for name in "${contenders[@]}"; do
    if [ -n "${counts[floor]:-}" ]; then
        ratio=$(awk -v a="${counts[$name]}" -v b="${counts[floor]}" 'BEGIN { printf "%.2f", a / b }')
    else
        ratio="-"
    fi
    printf '%-12s %16s %9s\n' "$name" "${counts[$name]}" "$ratio"
done
