#!/usr/bin/env bash
# The compatibility matrix: for every n8n release under test/n8n-releases/ (or those named as
# arguments, e.g. `npm run test:compat -- 1.123`), installs that release when needed (scripts/n8n.sh)
# and runs the end-to-end examples and the compact check of every operation in it
# (test/jest/compat.config.js). Prints one line per release, and fails when any release failed.
# Must run under scripts/node24.sh, after a build.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
if [ "$#" -gt 0 ]; then releases=("$@"); else
  mapfile -t releases < <(node -p 'require("./test/n8n-releases/release").all().join("\n")')
fi
summary=()
failed=0
for release in "${releases[@]}"; do
  echo "[compat] n8n release folder $release" >&2
  started=$SECONDS
  if N8N_RELEASE="$release" bash scripts/n8n.sh jest -c test/jest/compat.config.js; then
    summary+=("passed  $release ($((SECONDS - started)) s)")
  else
    summary+=("FAILED  $release ($((SECONDS - started)) s)")
    failed=1
  fi
done
echo "[compat] results:" >&2
printf '  %s\n' "${summary[@]}" >&2
exit $failed
