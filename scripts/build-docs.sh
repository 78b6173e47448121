#!/usr/bin/env bash
# Builds the DocC catalog offline with the toolchain's own `docc` (no package plugin).
#   scripts/build-docs.sh [OUTPUT_DIR]     (default: .build/docs/XMLBind.doccarchive)
# Fails on any documentation warning (broken symbol links, for instance).
set -euo pipefail
cd "$(dirname "$0")/.."

out=${1:-.build/docs/XMLBind.doccarchive}
# A fresh scratch folder each time: an incremental no-op build would not emit the symbol
# graphs again.
scratch=$(mktemp -d "${TMPDIR:-/tmp}/xmlbind-docs.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
graphs="$scratch/symbol-graphs"
module_graphs="$scratch/xmlbind-graphs"
mkdir -p "$graphs" "$module_graphs" "$(dirname "$out")"

swift build --scratch-path "$scratch" --target XMLBind \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs" >/dev/null
# Keep only this module's symbol graphs (not the standard library's or Foundation's).
cp "$graphs"/XMLBind.symbols.json "$module_graphs"/
cp "$graphs"/XMLBind@*.symbols.json "$module_graphs"/ 2>/dev/null || true

rm -rf "$out"
docc convert Docs/XMLBind.docc \
    --fallback-display-name XMLBind \
    --fallback-bundle-identifier org.xmlbind.XMLBind \
    --additional-symbol-graph-dir "$module_graphs" \
    --warnings-as-errors \
    --output-path "$out"
echo "documentation written to $out"

# The SOAP module's catalog, next to the core's: its own symbol graphs, the same checks.
soap_out="$(dirname "$out")/XMLBindSOAP.doccarchive"
soap_graphs="$scratch/soap-graphs"
mkdir -p "$soap_graphs"
swift build --scratch-path "$scratch" --target XMLBindSOAP \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs" >/dev/null
cp "$graphs"/XMLBindSOAP.symbols.json "$soap_graphs"/
cp "$graphs"/XMLBindSOAP@*.symbols.json "$soap_graphs"/ 2>/dev/null || true
rm -rf "$soap_out"
docc convert Docs/XMLBindSOAP.docc \
    --fallback-display-name XMLBindSOAP \
    --fallback-bundle-identifier org.xmlbind.XMLBindSOAP \
    --additional-symbol-graph-dir "$soap_graphs" \
    --warnings-as-errors \
    --output-path "$soap_out"
echo "documentation written to $soap_out"
