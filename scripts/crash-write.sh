#!/usr/bin/env bash
# Kills a process writing a file with XMLBinder.write(_:to:options:) at random moments and
# checks, after each kill, that the file is byte for byte the complete old document or the
# complete new one, never a mix or a prefix (issue 33 item 4). The writer is the hidden
# `crash-write` mode of XMLBindBenchmarks; it writes ~5 MB, so most kills land mid-write.
# Also checks that the temporary a killed writer leaves (`.NAME.<UUID>.tmp`) is removed by
# the next write of the same path, so at most one is ever seen.
#   scripts/crash-write.sh [ROUNDS]        default 300; XMLBIND_CRASH_COUNT sets the entries
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-300}
count=${XMLBIND_CRASH_COUNT:-60000}
swift build --product XMLBindBenchmarks >/dev/null
writer="$PWD/.build/debug/XMLBindBenchmarks"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The two complete documents, for comparison, and how long one write takes (in ms).
"$writer" crash-write "$work/old.xml" old "$count" >/dev/null
start=$(date +%s%N)
"$writer" crash-write "$work/new.xml" new "$count" >/dev/null
took=$(( ($(date +%s%N) - start) / 1000000 + 1 ))
cp "$work/old.xml" "$work/target.xml"
echo "crash-write: $rounds rounds, $(stat -c %s "$work/new.xml") bytes a write, ~${took} ms each"

old=0 new=0 finished=0 stale_max=0
for round in $(seq 1 "$rounds"); do
    variant=$([ $((round % 2)) -eq 0 ] && echo old || echo new)
    "$writer" crash-write "$work/target.xml" "$variant" "$count" >/dev/null &
    pid=$!
    # A random moment within 1.2 times a whole write.
    delay=$(( RANDOM * took * 12 / 10 / 32768 ))
    sleep "$(printf '%d.%03d' $((delay / 1000)) $((delay % 1000)))"
    kill -KILL "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null && finished=$((finished + 1)) || true
    if cmp -s "$work/target.xml" "$work/old.xml"; then
        old=$((old + 1))
    elif cmp -s "$work/target.xml" "$work/new.xml"; then
        new=$((new + 1))
    else
        echo "crash-write: round $round: the file is neither document ($(stat -c %s "$work/target.xml") bytes)" >&2
        exit 1
    fi
    stale=$(find "$work" -name '.target.xml.*.tmp' | wc -l)
    [ "$stale" -gt "$stale_max" ] && stale_max=$stale
    if [ "$stale" -gt 1 ]; then
        echo "crash-write: round $round: $stale temporaries left behind" >&2
        exit 1
    fi
done
# One complete write removes what the last kill left.
"$writer" crash-write "$work/target.xml" new "$count" >/dev/null
left=$(find "$work" -name '.target.xml.*.tmp' | wc -l)
echo "crash-write: old $old, new $new (writes that finished before the kill: $finished);" \
    "at most $stale_max temporary at a time, $left after a complete write"
[ "$left" -eq 0 ] && cmp -s "$work/target.xml" "$work/new.xml"
