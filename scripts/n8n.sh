#!/usr/bin/env bash
# Runs a command with the real n8n CLI on PATH, installing it first when needed.
#
# Each n8n release the project tests with has a folder under harness/n8n-releases/: a package.json
# that pins it and a lockfile that pins every package under it, so each machine runs the same
# 2,000-2,400 packages. N8N_RELEASE names the folder (default 2.40, the release every suite but the
# compatibility matrix runs in). It is installed with `npm ci` into a cache folder shared by every
# clone of the project (about 3-5 minutes and 2.5-2.9 GB the first time), keyed by both files'
# content, so a changed pin or lockfile gets a fresh folder.
# Must run under scripts/node24.sh: current n8n needs Node.js >= 24.
#
# Usage: bash scripts/node24.sh bash scripts/n8n.sh <command> [args...]
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cache="${MEDIA_GEN_TOOLS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/n8n-nodes-media-generation}"
release="${N8N_RELEASE:-2.40}"
runtime="$root/harness/n8n-releases/$release"
[ -f "$runtime/package.json" ] || { echo "[setup] no n8n release folder $runtime" >&2; exit 2; }
key="$(cat "$runtime/package.json" "$runtime/package-lock.json" | sha256sum | cut -c1-12)"
dir="$cache/n8n-runtime-$key"
version="$(node -p 'require(process.argv[1]).dependencies.n8n' "$runtime/package.json")"

# One install at a time on the machine: a later release then takes its packages from npm's cache
# and its native modules from the builds of an earlier one, where side by side each would fetch and
# compile them again on the same two cores. CI installs the matrix in the background while it runs
# the first suites, and a suite that needs a release still being installed waits for it here.
mkdir -p "$cache"
[ -f "$dir/.installed" ] || { exec 9>"$cache/install.lock" && flock 9; }
if [ ! -f "$dir/.installed" ]; then
  echo "[setup] installing n8n $version into $dir" >&2
  echo "[setup] first run only: about 3-5 minutes and 2.9 GB; later runs start at once" >&2
  rm -rf "$dir" && mkdir -p "$dir"
  cp "$runtime/package.json" "$runtime/package-lock.json" "$dir/"
  started=$SECONDS
  # Install scripts are skipped, then only the native modules n8n needs at run time are built:
  # one optional Kafka client otherwise tries to download libraries from outside the registry.
  (cd "$dir" && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error >/dev/null)
  echo "[setup] n8n's packages are in ($((SECONDS - started)) s); building its native modules (about a minute)" >&2
  # What each module's build makes (its build folders) is kept per version and Node, and unpacked
  # into every later release with that version: the releases share sqlite3, which compiles a minute.
  natives="$cache/native-$(node -p process.version)"
  mkdir -p "$natives"
  mapfile -t modules < <(cd "$dir" && node -e '
    const names = new Set(process.argv.slice(1));
    for (const [path, p] of Object.entries(require("./package-lock.json").packages)) {
      const name = path.split("node_modules/").pop();
      if (names.has(name)) console.log(`${path} ${name}@${p.version}`);
    }' sqlite3 isolated-vm cpu-features ssh2 msgpackr-extract protobufjs)
  missing=()
  for module in "${modules[@]}"; do
    read -r path key <<<"$module"
    if [ -f "$natives/$key.tar" ]; then
      tar -xf "$natives/$key.tar" -C "$dir/$path"
    elif [[ " ${missing[*]} " != *" ${key%@*} "* ]]; then
      missing+=("${key%@*}")
    fi
  done
  if [ ${#missing[@]} -gt 0 ]; then
    (cd "$dir" && if [ -n "${MEDIA_GEN_NODEDIR:-}" ]; then export npm_config_nodedir="$MEDIA_GEN_NODEDIR"; fi &&
      npm rebuild "${missing[@]}" --loglevel=error >/dev/null)
    for module in "${modules[@]}"; do
      read -r path key <<<"$module"
      [ -f "$natives/$key.tar" ] && continue
      (cd "$dir/$path" && find . -path ./node_modules -prune -o -type d -name build -print |
        tar -cf "$natives/$key.tar.$$" -T -) && mv "$natives/$key.tar.$$" "$natives/$key.tar"
    done
  fi
  echo "[setup] native modules built: ${missing[*]:-none}; the others unpacked from $natives" >&2
  touch "$dir/.installed"
  echo "[setup] n8n $version is ready ($((SECONDS - started)) s)" >&2
fi
exec 9>&-

export PATH="$dir/node_modules/.bin:$PATH"
exec "$@"
