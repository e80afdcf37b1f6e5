#!/usr/bin/env bash
# Idempotent bootstrap for a bare machine with only the system Node and npm:
#   pinned Node 24 + pnpm 10 (.ci/tools), workspace dependencies, and with --browser Debian's Chromium.
set -euo pipefail
source "$(dirname "$0")/env.sh"
cd "$ROOT"

if [ ! -x .ci/tools/node_modules/.bin/node ] || [ ! -x .ci/tools/node_modules/.bin/pnpm ]; then
  echo "› installing the pinned toolchain (Node 24, pnpm 10) into .ci/tools"
  npm ci --prefix .ci/tools --no-audit --no-fund --loglevel=error
fi

echo "› node $(node -v), pnpm $(pnpm -v)"
pnpm install --frozen-lockfile --prefer-offline --loglevel=error

if [ "${1:-}" = "--browser" ] && [ ! -x "$CHROMIUM_PATH" ]; then
  echo "› installing Debian's Chromium for the browser tests"
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends chromium >/dev/null
fi
