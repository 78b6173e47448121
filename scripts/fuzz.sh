#!/usr/bin/env bash
# Builds the XMLBindFuzz target with libFuzzer and AddressSanitizer, then runs it.
#   scripts/fuzz.sh [libFuzzer options…]      e.g. scripts/fuzz.sh -runs=10000000 -jobs=2 -workers=2
# The corpus grows in .build/fuzz-corpus (seeded from scripts/fuzz-seeds); crash
# reproducers land in .build/fuzz-artifacts. Replay one with the normally built tool:
#   swift build --product XMLBindFuzz && .build/debug/XMLBindFuzz crash-…
# and keep it as a regression test in Tests/XMLBindTests/Fixtures/FuzzRegressions.
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=${FUZZ_SCRATCH:-.build/fuzz-scratch}
corpus=${FUZZ_CORPUS:-.build/fuzz-corpus}
artifacts=${FUZZ_ARTIFACTS:-.build/fuzz-artifacts}
mkdir -p "$corpus" "$artifacts"
cp -n scripts/fuzz-seeds/* "$corpus"/ 2>/dev/null || true

swift build -c release --scratch-path "$scratch" --product XMLBindFuzz \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -DXMLBIND_FUZZING \
    -Xswiftc -use-ld=lld  # gold crashes linking the sanitized binary (Swift 6.3, Debian 12)
binary="$scratch/release/XMLBindFuzz"

exec "$binary" "$corpus" -artifact_prefix="$artifacts/" -max_len=4096 -timeout=10 -rss_limit_mb=4096 "$@"
