#!/usr/bin/env bash
# Lints every tracked Swift file with the toolchain's swift-format and .swift-format.
#   scripts/format.sh          lint (fails on any finding)
#   scripts/format.sh --fix    rewrite the files in place
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t files < <(git ls-files '*.swift')
if [ "${1:-}" = "--fix" ]; then
    swift format format --in-place --configuration .swift-format "${files[@]}"
else
    swift format lint --strict --configuration .swift-format "${files[@]}"
fi
