#!/usr/bin/env bash
# Builds the XMLBindFuzz target with libFuzzer and AddressSanitizer, then runs it.
#   scripts/fuzz.sh [libFuzzer options…]      e.g. scripts/fuzz.sh -runs=10000000 -jobs=2 -workers=2
# An input is four control bytes (options, entry points, cut points; see
# Sources/XMLBindFuzz/FuzzHarness.swift), then the document. The corpus grows in
# .build/fuzz-corpus (seeded from scripts/fuzz-seeds and the regression inputs); crash
# reproducers land in .build/fuzz-artifacts. A failed harness check (outcomes that differ
# between entry points, a write-back that does not read back the same) aborts, so it is
# kept like a crash. Replay one with the normally built tool (on a 512 KiB thread):
#   swift build --product XMLBindFuzz && .build/debug/XMLBindFuzz crash-…
# and keep it as a regression test in Tests/XMLBindTests/Fixtures/FuzzRegressions/NAME.fuzz.
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=${FUZZ_SCRATCH:-.build/fuzz-scratch}
corpus=${FUZZ_CORPUS:-.build/fuzz-corpus}
artifacts=${FUZZ_ARTIFACTS:-.build/fuzz-artifacts}
mkdir -p "$corpus" "$artifacts"
cp -n scripts/fuzz-seeds/*.fuzz Tests/XMLBindTests/Fixtures/FuzzRegressions/*.fuzz "$corpus"/ 2>/dev/null || true

swift build -c release --scratch-path "$scratch" --product XMLBindFuzz \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -DXMLBIND_FUZZING \
    -Xswiftc -use-ld=lld  # gold crashes linking the sanitized binary (Swift 6.3, Debian 12)
binary="$scratch/release/XMLBindFuzz"

# No leak checks per input: they cost ten times the run, and the statics Swift builds
# lazily (and `Data` held in them, whose pointer LeakSanitizer cannot see) look leaked.
# scripts/sanitize.sh runs LeakSanitizer over the tests instead.
exec "$binary" "$corpus" -artifact_prefix="$artifacts/" -max_len=4096 -timeout=10 -rss_limit_mb=4096 \
    -detect_leaks=0 "$@"
