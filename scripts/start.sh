#!/usr/bin/env bash
# Starts the portal with its stateful demo API on http://127.0.0.1:8080 (embedded defaults, nothing else to run).
# Works on a bare machine: bootstraps the pinned toolchain and the dependencies first. Ctrl-C stops everything.
set -euo pipefail
source "$(dirname "$0")/env.sh"
cd "$ROOT"
bash scripts/bootstrap.sh
exec pnpm start "$@"
