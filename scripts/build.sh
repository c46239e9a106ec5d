#!/usr/bin/env bash
# Builds dist/ (`n8n-node build`, which empties dist/ first) before a suite runs against it, unless
# MEDIA_GEN_BUILT=1 says this checkout is built already. .ci/run sets it after its build stage: it
# builds once, and the suites it runs side by side never empty dist/ under each other.
# Must run under scripts/node24.sh.
set -euo pipefail
if [ "${MEDIA_GEN_BUILT:-}" = 1 ]; then exit 0; fi
exec n8n-node build
