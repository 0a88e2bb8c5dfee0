#!/usr/bin/env bash
# A CI recipe for projects that consume tezos-rpcgen bindings:
#   1. capture the interface of a running node,
#   2. compare it with the snapshot the project committed,
#   3. regenerate the bindings from the capture,
#   4. fail when the node's interface changed in a way that breaks clients of the snapshot.
#
# Usage: scripts/drift-check.sh NODE_URL [COMMITTED_SNAPSHOT] [OUT_DIR] [NAME]
#   NODE_URL            the node's RPC address; /describe must be allowed (loopback, or --allow-all-rpc)
#   COMMITTED_SNAPSHOT  default spec/snapshots/shell.json
#   OUT_DIR, NAME       bindings are written to OUT_DIR/NAME (default generated/node)
# Exit status: 0 no breaking drift, 1 breaking drift, 2 could not capture or compare.
# The drift report is written to drift-report.md (Markdown, for a CI summary or a pull request).
set -uo pipefail

node_url=${1:?usage: scripts/drift-check.sh NODE_URL [COMMITTED_SNAPSHOT] [OUT_DIR] [NAME]}
committed=${2:-spec/snapshots/shell.json}
out=${3:-generated}
name=${4:-node}
capture=$(mktemp --suffix=.json)
trap 'rm -f "$capture"' EXIT

npx tezos-rpcgen snapshot --node "$node_url" --out "$capture" || exit 2

npx tezos-rpcgen drift "$committed" "$capture" --format markdown --fail-on breaking > drift-report.md
drift=$?
cat drift-report.md
[ "$drift" -eq 2 ] && exit 2

npx tezos-rpcgen generate --spec "$capture" --out "$out" --name "$name" || exit 2
exit "$drift"
