#!/usr/bin/env bash
# The README's first command: installs the C libraries the tool links when they are missing
# (scripts/install-deps.sh), then runs the demo. Arguments go to `xmlbind demo`.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
exec swift run xmlbind demo "$@"
