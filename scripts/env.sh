# Sourced by the scripts: puts the pinned Node 24 and pnpm 10 first on PATH (the system Node 20 stays as it is).
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export ROOT
export PATH="$ROOT/.ci/tools/node_modules/.bin:$ROOT/node_modules/.bin:$PATH"
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
export REDOCLY_TELEMETRY=off
export REDOCLY_SUPPRESS_UPDATE_NOTICE=true
export CHROMIUM_PATH="${CHROMIUM_PATH:-/usr/bin/chromium}"
