#!/usr/bin/env bash
# A program with XMLBind alone starts without Foundation and ICU (issue 35): the core runs
# on FoundationEssentials (scripts/check-platform-imports.sh checks its imports). This
# checks the result on the built probe, which links XMLBind and nothing else: neither its
# dynamic dependencies (`ldd`) nor what it has mapped once it has bound a document
# (`--libraries`, from /proc/self/maps) may name libFoundation.so,
# libFoundationInternationalization.so or ICU. Linux only.
#
#   scripts/check-lean-startup.sh [BUILD_DIR]   (default: .build/debug, after `swift build`)
set -euo pipefail
cd "$(dirname "$0")/.."
probe=${1:-.build/debug}/XMLBindStartupProbe
[[ -x "$probe" ]] || swift build --product XMLBindStartupProbe >/dev/null
heavy='libFoundation\.so|libFoundationInternationalization|libicu|lib_FoundationICU'
if linked=$(ldd "$probe" | grep -E "$heavy"); then
    echo "check-lean-startup: $probe links what XMLBind alone must not load:" >&2
    echo "$linked" >&2
    exit 1
fi
output=$("$probe" --libraries)
if mapped=$(grep -E "$heavy" <<<"$output"); then
    echo "check-lean-startup: $probe mapped what XMLBind alone must not load:" >&2
    echo "$mapped" >&2
    exit 1
fi
grep -q '^bound 2 items$' <<<"$output" || { echo "check-lean-startup: the probe did not bind: $output" >&2; exit 1; }
echo "check-lean-startup: a program with XMLBind alone loads neither Foundation nor ICU"
