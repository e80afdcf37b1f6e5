#!/usr/bin/env bash
# Runs every check and every test of the workspace, then prints one closing line `N passed, N failed`
# summed over all runners (Vitest, Playwright, the vSphere collector's go test) plus one entry per gate (drift,
# lint, typecheck, build, gofmt, go vet).
# Works on a bare machine: it bootstraps the toolchain, the dependencies and Debian's Chromium first.
set -uo pipefail
source "$(dirname "$0")/env.sh"
cd "$ROOT"

bash scripts/bootstrap.sh --browser || { echo "bootstrap failed"; echo "0 passed, 1 failed"; exit 1; }

REPORTS="$ROOT/.reports"
rm -rf "$REPORTS" && mkdir -p "$REPORTS"
export REPORTS
started=$(date +%s)

# A gate is one command that passes or fails as a whole; its output goes to a log, shown only on failure.
gate() {
  local name="$1"; shift
  local log="$REPORTS/gate-${name// /-}.log"
  local t0=$(date +%s)
  if "$@" >"$log" 2>&1; then
    echo "✓ $name ($(( $(date +%s) - t0 ))s)"
    echo "{\"name\":\"$name\",\"passed\":true}" >>"$REPORTS/gates.jsonl"
  else
    echo "✗ $name ($(( $(date +%s) - t0 ))s) — last lines of $log:"
    tail -n 60 "$log" | sed 's/^/    /'
    echo "{\"name\":\"$name\",\"passed\":false}" >>"$REPORTS/gates.jsonl"
    return 1
  fi
}

# Generated files must match the contract: regenerate and compare checksums (works in a dirty tree too).
generated_sums() {
  find openapi/dist packages/sdk/src/gen packages/sdk/src/operations.gen.ts apps/portal/src/routeTree.gen.ts \
    -type f 2>/dev/null | sort | xargs sha1sum 2>/dev/null
}
check_drift() {
  local before after
  before=$(generated_sums)
  pnpm run generate || return 1
  after=$(generated_sums)
  if [ "$before" != "$after" ]; then
    diff <(echo "$before") <(echo "$after")
    echo "Generated files were out of date with the contract. Fix: pnpm run generate, then commit the result."
    return 1
  fi
}

gate "generated code matches the contract" check_drift
gate "contract lint" pnpm --filter @assessment/openapi run lint
# The contract against the last released one (openapi/released/openapi.json): a breaking change needs a major changeset.
gate "no unannounced breaking contract change" pnpm --filter @assessment/openapi run breaking
# Format and eslint only read the sources (every build writes under dist/, which both ignore), and each runs on one
# core: they run beside the typecheck and the builds on the other (about 3 minutes less than one after another).
(
  gate "format" pnpm exec prettier --check --log-level warn .
  gate "eslint" pnpm exec eslint --max-warnings=0 .
) &
lint_gates=$!
gate "typecheck" pnpm run typecheck
gate "build" pnpm -r --workspace-concurrency=1 run build && touch "$REPORTS/built"
gate "bundle budget" pnpm --filter @assessment/portal run bench:bundle --strict
gate "gofmt vsphere collector" bash collector/vsphere/test.sh fmt
gate "go vet vsphere collector" bash collector/vsphere/test.sh vet
# The VMware vCenter collector package ships these binaries and is ready only once they are built: the demo API's
# tests and journeys below download it.
gate "vSphere collector builds (four platforms, SHA256SUMS)" bash collector/vsphere/build.sh
wait "$lint_gates"
# The portal journeys serve this build instead of building again, and the consumers' suite publishes the packages
# built here.
[ -f "$REPORTS/built" ] && export PORTAL_E2E_PREBUILT=1 WORKSPACE_PREBUILT=1

# Every package script named test or test:* is a Vitest run; every e2e script is a Playwright run.
mapfile -t runs < <(node scripts/list-test-scripts.ts)
for run in "${runs[@]}"; do
  IFS=' ' read -r kind pkg script <<<"$run"
  slug=$(echo "$pkg-$script" | tr '/@:' '---')
  echo "› $pkg $script"
  if [ "$kind" = vitest ]; then
    pnpm --filter "$pkg" run "$script" --reporter=default --reporter=json --outputFile="$REPORTS/vitest-$slug.json" 2>&1 \
      | tail -n 40
  else
    PLAYWRIGHT_JSON_OUTPUT_NAME="$REPORTS/playwright-$slug.json" \
      pnpm --filter "$pkg" run "$script" --reporter=list,json 2>&1 | tail -n 60
  fi
  echo "$kind $slug" >>"$REPORTS/runs.txt"
done

# The vSphere collector's Go tests (unit, integration against its simulator harness, build script): go test -json,
# each test counted by scripts/summarise.ts.
echo "› collector/vsphere go test"
t0=$(date +%s)
bash collector/vsphere/test.sh -json >"$REPORTS/go-collector-vsphere.json" 2>"$REPORTS/go-collector-vsphere.log"
grep -E '"Action":"(pass|fail)","Package":"[^"]*","Elapsed"' "$REPORTS/go-collector-vsphere.json" \
  | sed -E 's/.*"Action":"([a-z]+)","Package":"([^"]*)","Elapsed":([0-9.]+).*/  \1 \2 (\3s)/'
tail -n 20 "$REPORTS/go-collector-vsphere.log"
echo "  ($(( $(date +%s) - t0 ))s)"
echo "go collector-vsphere" >>"$REPORTS/runs.txt"

echo "total time: $(( $(date +%s) - started ))s"
node scripts/summarise.ts "$REPORTS"
