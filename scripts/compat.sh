#!/usr/bin/env bash
# The compatibility matrix: for every n8n release under harness/n8n-releases/ (or those named as
# arguments, e.g. `npm run test:compat -- 1.123`), installs that release when needed (scripts/n8n.sh)
# and runs the end-to-end examples and the compact check of every operation in it
# (test/jest/compat.config.js). Prints one line per release, and fails when any release failed.
# Must run under scripts/node24.sh, after a build.
#
# The releases run side by side (COMPAT_JOBS at a time, default all of them): each run spends most
# of its time waiting on n8n's start and on the fake service's jobs, so on two cores the matrix
# takes little more than its slowest release. Each release's output goes to its own log, printed
# whole when that release ends, so that the logs never interleave.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
if [ "$#" -gt 0 ]; then releases=("$@"); else
  mapfile -t releases < <(node -p 'require("./harness/n8n-releases/release").all().join("\n")')
fi
jobs_at_once="${COMPAT_JOBS:-${#releases[@]}}"
logs="$(mktemp -d)"
trap 'rm -rf "$logs"' EXIT
started=$SECONDS
declare -A pid_of
for release in "${releases[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$jobs_at_once" ]; do wait -n || true; done
  echo "[compat] n8n release folder $release: started at $((SECONDS - started)) s" >&2
  (
    began=$SECONDS
    rc=0
    N8N_RELEASE="$release" bash scripts/n8n.sh jest -c test/jest/compat.config.js \
      >"$logs/$release.log" 2>&1 || rc=$?
    echo "$((SECONDS - began))" >"$logs/$release.seconds"
    exit "$rc"
  ) &
  pid_of[$release]=$!
done
summary=()
failed=0
for release in "${releases[@]}"; do
  rc=0
  wait "${pid_of[$release]}" || rc=$?
  echo "[compat] ==== n8n release folder $release" >&2
  cat "$logs/$release.log" >&2
  if [ "$rc" -eq 0 ]; then
    summary+=("passed  $release ($(cat "$logs/$release.seconds") s)")
  else
    summary+=("FAILED  $release ($(cat "$logs/$release.seconds" 2>/dev/null || echo ?) s, exit $rc)")
    failed=1
  fi
done
echo "[compat] results (releases side by side, $jobs_at_once at a time):" >&2
printf '  %s\n' "${summary[@]}" >&2
echo "[compat] $((SECONDS - started)) s in all" >&2
exit $failed
