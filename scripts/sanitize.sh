#!/usr/bin/env bash
# Runs the whole test suite under AddressSanitizer and LeakSanitizer, in a build folder of
# its own (.build/asan), with the suppressions of test-side statics in
# scripts/lsan-suppressions.txt. Exits non-zero on any test failure, memory error or leak.
#   scripts/sanitize.sh [swift test options…]      e.g. scripts/sanitize.sh --filter Hostile
# XMLBIND_SANITIZE turns off the child-name cache's word compare, which reads up to 15 bytes
# past a name's NUL within its page (safe, see ChildNameCache+ShortName+Unsafe.swift, but a read
# past a heap block to AddressSanitizer).
set -euo pipefail
cd "$(dirname "$0")/.."

export LSAN_OPTIONS="suppressions=$PWD/scripts/lsan-suppressions.txt:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
export ASAN_OPTIONS="detect_leaks=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
swift build --build-tests --sanitize=address -Xswiftc -DXMLBIND_SANITIZE --scratch-path .build/asan
swift test --skip-build --sanitize=address -Xswiftc -DXMLBIND_SANITIZE --scratch-path .build/asan "$@"
