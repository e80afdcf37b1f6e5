#!/usr/bin/env bash
# Idempotent bootstrap for a bare machine with only the system Node and npm:
#   pinned Node 24 + pnpm 10 (.ci/tools), workspace dependencies, openssl when missing, Debian's Go and govmomi
#   (golang-go, golang-github-vmware-govmomi-dev) when missing, and with --browser Debian's Chromium.
set -euo pipefail
source "$(dirname "$0")/env.sh"
cd "$ROOT"

if [ ! -x .ci/tools/node_modules/.bin/node ] || [ ! -x .ci/tools/node_modules/.bin/pnpm ]; then
  echo "› installing the pinned toolchain (Node 24, pnpm 10) into .ci/tools"
  npm ci --prefix .ci/tools --no-audit --no-fund --loglevel=error
fi

echo "› node $(node -v), pnpm $(pnpm -v)"
pnpm install --frozen-lockfile --prefer-offline --loglevel=error

# Debian packages: Chromium for the browser tests (--browser); openssl for the throwaway certificates of the
# HTTPS/HTTP/2 test and bench:lighthouse (usually present already, with ca-certificates); Go and govmomi for the
# vSphere collector. One apt-get update, only when something is missing.
missing=()
if [ "${1:-}" = "--browser" ] && [ ! -x "$CHROMIUM_PATH" ]; then missing+=(chromium); fi
if ! command -v openssl >/dev/null; then missing+=(openssl); fi
# Go and govmomi for the vSphere collector (collector/vsphere builds in GOPATH mode: no Go module proxy needed).
if ! command -v go >/dev/null; then missing+=(golang-go); fi
if [ ! -d /usr/share/gocode/src/github.com/vmware/govmomi ]; then missing+=(golang-github-vmware-govmomi-dev); fi
if [ "${#missing[@]}" -gt 0 ]; then
  echo "› installing Debian's ${missing[*]}"
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
