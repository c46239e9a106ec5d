#!/usr/bin/env bash
# Runs a command with the real n8n CLI on PATH, installing it first when needed.
#
# The n8n release is pinned in test/e2e/n8n-runtime/package.json. It is installed from the npm
# registry into a cache folder shared by every clone of the project (about 3 minutes and 2+ GB
# the first time), keyed by that file's content, so a changed pin gets a fresh folder.
# Must run under scripts/node24.sh: current n8n needs Node.js >= 24.
#
# Usage: bash scripts/node24.sh bash scripts/n8n.sh <command> [args...]
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cache="${MEDIA_GEN_TOOLS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/n8n-nodes-media-generation}"
spec="$root/test/e2e/n8n-runtime/package.json"
key="$(sha256sum "$spec" | cut -c1-12)"
dir="$cache/n8n-runtime-$key"

if [ ! -f "$dir/.installed" ]; then
  echo "[setup] installing n8n into $dir (first run only; a few minutes)" >&2
  rm -rf "$dir" && mkdir -p "$dir"
  cp "$spec" "$dir/package.json"
  # Install scripts are skipped, then only the native modules n8n needs at run time are built:
  # one optional Kafka client otherwise tries to download libraries from outside the registry.
  (cd "$dir" &&
    npm install --ignore-scripts --no-audit --no-fund --loglevel=error >&2 &&
    npm rebuild sqlite3 isolated-vm cpu-features ssh2 msgpackr-extract protobufjs --loglevel=error >&2)
  touch "$dir/.installed"
fi

export PATH="$dir/node_modules/.bin:$PATH"
exec "$@"
