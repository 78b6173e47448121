#!/usr/bin/env bash
# Builds the DocC catalog offline with the toolchain's own `docc` (no package plugin).
#   scripts/build-docs.sh [OUTPUT_DIR]     (default: .build/docs/XMLBind.doccarchive)
# XMLBindFoundation, XMLBindHTTP, XMLBindRPC, XMLBindRPCServer, XMLBindSOAP, XMLBindSOAPServer and
# XMLBindSchema have catalogs of their own, written beside it (XMLBindHTTP.doccarchive, …).
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

# The two server modules depend on every other library module but XMLBindSchema and
# XMLBindFoundation: four builds emit every module's graphs.
for target in XMLBindRPCServer XMLBindSOAPServer XMLBindSchema XMLBindFoundation; do
    swift build --scratch-path "$scratch" --target "$target" \
        -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs" >/dev/null
done
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

# XMLBindFoundation only extends XMLBind's `XMLBinder`: DocC gives its methods pages only
# with the extension blocks in its graphs, which the build's graphs leave out (and the
# other catalogs do without), so its graphs are extracted again from the built module.
foundation_graphs="$scratch/XMLBindFoundation-graphs"
mkdir -p "$foundation_graphs"
triple=$(basename "$(dirname "$(readlink -f "$scratch/debug")")")
swift symbolgraph-extract -module-name XMLBindFoundation -I "$scratch/debug/Modules" -target "$triple" \
    -Xcc -fmodule-map-file="$PWD/Sources/CExpat/module.modulemap" \
    -emit-extension-block-symbols -output-dir "$foundation_graphs" >/dev/null

# The other modules' catalogs, each beside the first archive (one DocC catalog per module).
for module in XMLBindFoundation XMLBindHTTP XMLBindRPC XMLBindRPCServer XMLBindSOAP XMLBindSOAPServer XMLBindSchema; do
    graphs_of_module="$scratch/$module-graphs"
    if [[ "$module" != XMLBindFoundation ]]; then
        mkdir -p "$graphs_of_module"
        cp "$graphs"/"$module".symbols.json "$graphs_of_module"/
        cp "$graphs"/"$module"@*.symbols.json "$graphs_of_module"/ 2>/dev/null || true
    fi
    module_out="$(dirname "$out")/$module.doccarchive"
    rm -rf "$module_out"
    docc convert "Docs/$module.docc" \
        --fallback-display-name "$module" \
        --fallback-bundle-identifier "org.xmlbind.$module" \
        --additional-symbol-graph-dir "$graphs_of_module" \
        --warnings-as-errors \
        --output-path "$module_out"
    echo "documentation written to $module_out"
done
