#!/usr/bin/env bash
# The README's second command: installs what the build and the tests' peers need when it is
# missing (scripts/install-deps.sh --tests), then runs the tests. Arguments go to `swift test`
# (for example `--filter SOAP`).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh --tests
exec swift test "$@"
