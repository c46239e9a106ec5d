#!/usr/bin/env bash
# Makes sure PostgreSQL and Redis are installed (Debian's `postgresql` and `redis-server`), then
# runs the given command. Used by `npm run test:queue`, whose suite starts instances of its own by
# hand on loopback under a throwaway folder; this script starts, stops and configures nothing.
#
# Installs with apt only what is missing (apt-get update first), quietly; a second run does
# nothing. Needs root (or sudo) the first time. Exports MEDIA_GEN_PG_BIN, the folder of the
# newest installed PostgreSQL's server programs (initdb, pg_ctl).
#
# Usage: bash scripts/queue-services.sh <command> [args...]
set -euo pipefail

pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }

missing=()
[ -n "$(pg_bin)" ] && [ -x "$(pg_bin)/initdb" ] || missing+=(postgresql)
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)

if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null 2>&1 || { echo "[setup] ${missing[*]} missing; install them as root: apt-get install ${missing[*]}" >&2; exit 1; }
    sudo="sudo"
  fi
  echo "[setup] installing ${missing[*]} with apt (first run only)" >&2
  # The packages try to start the system's own services (blocked where policy-rc.d forbids it);
  # either way the suite does not use them.
  log="$(mktemp)"
  if ! { $sudo apt-get update -qq &&
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"; } >"$log" 2>&1; then
    cat "$log" >&2
    rm -f "$log"
    exit 1
  fi
  rm -f "$log"
fi

MEDIA_GEN_PG_BIN="$(pg_bin)"
export MEDIA_GEN_PG_BIN
exec "$@"
