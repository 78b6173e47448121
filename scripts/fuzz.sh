#!/usr/bin/env bash
# Builds XMLBindFuzz with libFuzzer and AddressSanitizer, then runs one of its targets.
#   scripts/fuzz.sh [TARGET] [libFuzzer options…]   e.g. scripts/fuzz.sh parse -max_total_time=600
#   scripts/fuzz.sh campaign SECONDS [options…]      every target SECONDS each, executions summed
#   scripts/fuzz.sh merge TARGET                     shrinks scripts/fuzz-seeds/TARGET to a minimal
#                                                    set covering it and .build/fuzz-corpus/TARGET
# The long campaign, an hour in all (one core per target; libFuzzer's -jobs logs elsewhere):
#   scripts/fuzz.sh campaign 450
# TARGET is one of all (the default), parse, stream, write-back, substitution, encodings, parallel,
# xmlrpc, soap, http, schema (see Sources/XMLBindFuzz/FuzzTarget.swift: what each does per input and what
# its control bytes choose). `all` runs every entry point and cross-check per input: slow,
# but the format of the regression inputs. The corpus of a target grows in
# .build/fuzz-corpus/TARGET (seeded from scripts/fuzz-seeds/TARGET, and for `all` the
# regression inputs); crash reproducers land in .build/fuzz-artifacts/TARGET. A failed
# check (outcomes that differ between whole and cut input, a write-back that does not read
# back the same) aborts, so it is kept like a crash. Replay one with the normally built
# tool (on a 512 KiB thread):
#   swift build --product XMLBindFuzz && XMLBIND_FUZZ_TARGET=TARGET .build/debug/XMLBindFuzz crash-…
# and keep it as a regression test: an `all` input in
# Tests/XMLBindTests/Fixtures/FuzzRegressions/NAME.fuzz (rewritten into that format if
# another target found it; see FuzzHarness.swift).
set -euo pipefail
cd "$(dirname "$0")/.."

targets=(parse stream write-back substitution encodings xmlrpc soap parallel http schema all)
scratch=${FUZZ_SCRATCH:-.build/fuzz-scratch}
binary="$scratch/release/XMLBindFuzz"

build() {
    swift build -c release --scratch-path "$scratch" --product XMLBindFuzz \
        -Xswiftc -sanitize=fuzzer,address -Xswiftc -DXMLBIND_FUZZING \
        -Xswiftc -use-ld=lld >&2 # gold crashes linking the sanitized binary (Swift 6.3, Debian 12)
}

# Prepares TARGET's corpus and prints its folder.
corpus_of() {
    local corpus=${FUZZ_CORPUS:-.build/fuzz-corpus}/$1
    mkdir -p "$corpus" "${FUZZ_ARTIFACTS:-.build/fuzz-artifacts}/$1"
    cp -n scripts/fuzz-seeds/"$1"/* "$corpus"/ 2>/dev/null || true
    if [ "$1" = all ]; then
        cp -n Tests/XMLBindTests/Fixtures/FuzzRegressions/*.fuzz "$corpus"/ 2>/dev/null || true
    fi
    echo "$corpus"
}

# No leak checks per input: they cost ten times the run, and the statics Swift builds
# lazily (and `Data` held in them, whose pointer LeakSanitizer cannot see) look leaked.
# scripts/sanitize.sh runs LeakSanitizer over the tests instead. No allocation stacks
# either (a tenth of the time goes to recording them): a memory error is still caught;
# rerun its input with ASAN_OPTIONS=malloc_context_size=30 to see where the memory came from.
export ASAN_OPTIONS=${ASAN_OPTIONS:-malloc_context_size=0}
run() {
    local target=$1
    shift
    local corpus
    corpus=$(corpus_of "$target")
    XMLBIND_FUZZ_TARGET=$target "$binary" "$corpus" \
        -artifact_prefix="${FUZZ_ARTIFACTS:-.build/fuzz-artifacts}/$target/" -max_len=4096 -timeout=10 \
        -rss_limit_mb=4096 -detect_leaks=0 "$@"
}

case "${1:-all}" in
campaign)
    seconds=${2:?campaign SECONDS}
    shift 2
    build
    total=0
    for target in "${targets[@]}"; do
        log=$(mktemp)
        run "$target" -max_total_time="$seconds" -print_final_stats=1 "$@" 2>"$log" || {
            echo "$target: stopped with a finding; see $log and .build/fuzz-artifacts/$target" >&2
        }
        runs=$(grep -h 'stat::number_of_executed_units' "$log" | awk '{ s += $2 } END { print s + 0 }')
        edges=$(grep -ho 'cov: [0-9]*' "$log" | tail -1 | awk '{ print $2 + 0 }')
        printf '%-13s %10d executions %8d/s  coverage %s edges\n' "$target" "$runs" $((runs / seconds)) "$edges"
        total=$((total + runs))
    done
    printf '%-13s %10d executions\n' total "$total"
    ;;
merge)
    target=${2:?merge TARGET}
    build
    corpus=$(corpus_of "$target")
    fresh=$(mktemp -d)
    XMLBIND_FUZZ_TARGET=$target "$binary" -merge=1 -max_len=4096 -timeout=10 -rss_limit_mb=4096 \
        -detect_leaks=0 "$fresh" "$corpus" >&2
    if [ -n "$(ls "$fresh")" ]; then
        rm -rf scripts/fuzz-seeds/"$target"
        mkdir -p scripts/fuzz-seeds/"$target"
        cp "$fresh"/* scripts/fuzz-seeds/"$target"/
    fi
    rm -rf "$fresh"
    echo "scripts/fuzz-seeds/$target: $(ls scripts/fuzz-seeds/"$target" | wc -l) inputs" >&2
    ;;
*)
    target=all
    if [ $# -gt 0 ] && [[ $1 != -* ]]; then
        target=$1
        shift
    fi
    build
    run "$target" "$@"
    ;;
esac
