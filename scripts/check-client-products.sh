#!/usr/bin/env bash
# The client products build without the server libraries (issue 34): XMLBind, XMLBindFeeds,
# XMLBindRPC and XMLBindSOAP must depend on neither XMLBindHTTP nor libmicrohttpd nor zlib,
# so that an app that only calls services (an iOS app, say) can take them.
#
# Two checks:
# 1. The package's target graph (`swift package describe`): no client product reaches
#    CMicroHTTPD, CZlib or XMLBindHTTP.
# 2. Each client product's targets are built in a scratch build of their own with
#    libmicrohttpd's and zlib's headers and pkg-config files hidden (a private mount
#    namespace with empty files bound over them: needs root and `unshare`; where it cannot
#    be made, the build runs without hiding and says so).
#
#   scripts/check-client-products.sh [SCRATCH]   (default: .build/clients)
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=${1:-.build/clients}
clients=(XMLBind XMLBindFoundation XMLBindFeeds XMLBindRPC XMLBindSOAP)
servers="CMicroHTTPD CZlib XMLBindHTTP"

swift package describe --type json >"${TMPDIR:-/tmp}/xmlbind-describe.json"
python3 - "${TMPDIR:-/tmp}/xmlbind-describe.json" "$servers" "${clients[@]}" <<'PY'
import json, sys
package = json.load(open(sys.argv[1]))
servers = set(sys.argv[2].split())
targets = {t["name"]: t for t in package["targets"]}
products = {p["name"]: p for p in package["products"]}
failed = False
for name in sys.argv[3:]:
    seen, todo = set(), list(products[name]["targets"])
    while todo:
        t = todo.pop()
        if t in seen:
            continue
        seen.add(t)
        todo += targets[t].get("target_dependencies", [])
    reached = sorted(seen & servers)
    if reached:
        print(f"check-client-products: {name} depends on {', '.join(reached)}", file=sys.stderr)
        failed = True
sys.exit(1 if failed else 0)
PY

hidden=()
for path in /usr/include/microhttpd.h /usr/include/zlib.h /usr/include/zconf.h \
    /usr/lib/*/pkgconfig/libmicrohttpd.pc /usr/lib/*/pkgconfig/zlib.pc \
    /usr/lib/pkgconfig/libmicrohttpd.pc /usr/lib/pkgconfig/zlib.pc; do
    [[ -e "$path" ]] && hidden+=("$path")
done
build_clients() {
    for product in "${clients[@]}"; do
        swift build --scratch-path "$scratch" --target "$product" >/dev/null
        echo "check-client-products: $product builds"
    done
}
if [[ $(id -u) == 0 ]] && command -v unshare >/dev/null && unshare --mount true 2>/dev/null; then
    export scratch hidden_list="${hidden[*]}" clients_list="${clients[*]}"
    unshare --mount bash -c '
        set -euo pipefail
        empty=$(mktemp)
        for path in $hidden_list; do mount --bind "$empty" "$path"; done
        if [[ -n "$hidden_list" ]] && [[ -s /usr/include/microhttpd.h || -s /usr/include/zlib.h ]]; then
            echo "check-client-products: could not hide the server libraries" >&2; exit 1
        fi
        for product in $clients_list; do
            swift build --scratch-path "$scratch" --target "$product" >/dev/null
            echo "check-client-products: $product builds with libmicrohttpd and zlib hidden"
        done'
else
    echo "check-client-products: cannot hide headers here (needs root and unshare); building without hiding" >&2
    build_clients
fi
