#!/usr/bin/env bash
# Makes the Python virtual environment the interop tests run their peers in (spyne as a SOAP
# server, zeep as a SOAP client, lxml for XML Schema validation, feedparser for feeds,
# jsonschema for the SARIF output of `xmlbind check`, xmlschema as the generator's validating
# reference and xsdata as its peer generator), when it is missing or lacks one of them, and
# prints its python's path.
#   scripts/soap-peers.sh            (the environment lives in .build/soap-peers)
# The interop tests run this themselves; .ci/run runs it first so that its output shows up there.
set -euo pipefail
cd "$(dirname "$0")/.."

venv=".build/soap-peers"
# Test suites that run in parallel (SOAP, feeds) call this at the same moment on a fresh
# checkout: one makes the environment while the others wait for it, instead of each
# removing what another is installing.
mkdir -p .build
exec 9>.build/soap-peers.lock
flock 9
python="$venv/bin/python"
pins=(spyne==2.14.0 zeep==4.3.3 lxml feedparser==6.0.14 jsonschema==4.26.0 xmlschema==4.3.2 'xsdata[cli]==26.10')

if ! "$python" -c 'import spyne, zeep, lxml, feedparser, jsonschema, xmlschema, xsdata, click' >/dev/null 2>&1; then
    if ! python3 -c 'import venv, ensurepip' >/dev/null 2>&1; then
        apt-get update >&2
        apt-get install -y python3-venv >&2
    fi
    rm -rf "$venv"
    python3 -m venv "$venv" >&2
    "$python" -m pip install --quiet --disable-pip-version-check "${pins[@]}" >&2
fi
echo "$PWD/$python"
