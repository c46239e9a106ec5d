#!/usr/bin/env bash
# Installs, ahead of time, what CI's later suites need and would otherwise install on first use.
# `apt`: Debian's postgresql and redis-server (queue and durable suites) and chromium (editor test).
# `n8n`: every n8n release of the compatibility matrix (scripts/n8n.sh), the default release first,
# since every suite but the matrix runs in it; a suite that needs a release still being installed
# waits for it there. .ci/run starts both parts in the background while the first stages run, so
# that the downloads overlap with the build and the unit tests.
# The `n8n` part must run under scripts/node24.sh.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
started=$SECONDS
case "${1:-}" in
  apt)
    packages=()
    ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || packages+=(postgresql)
    command -v redis-server >/dev/null 2>&1 || packages+=(redis-server)
    [ -x /usr/bin/chromium ] || packages+=(chromium)
    if [ ${#packages[@]} -gt 0 ] && [ "$(id -u)" -eq 0 ]; then
      echo "[prefetch] apt: ${packages[*]}"
      apt-get update -qq
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
    fi
    echo "[prefetch] apt done ($((SECONDS - started)) s)"
    ;;
  n8n)
    releases="$(node -p 'const r = require("./harness/n8n-releases/release");
      [r.DEFAULT, ...r.all().filter((f) => f !== r.DEFAULT)].join(" ")')"
    for release in $releases; do
      N8N_RELEASE="$release" bash scripts/n8n.sh true
      echo "[prefetch] n8n release $release ready ($((SECONDS - started)) s)"
    done
    ;;
  *) echo "usage: ci-prefetch.sh apt|n8n" >&2; exit 2 ;;
esac
