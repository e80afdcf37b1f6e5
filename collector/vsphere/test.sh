#!/usr/bin/env bash
# The vSphere collector's checks and tests, in GOPATH mode (see env.sh):
#   bash collector/vsphere/test.sh           go test of every package (unit, integration, build script)
#   bash collector/vsphere/test.sh -json     the same as go test -json (scripts/test.sh counts each test)
#   bash collector/vsphere/test.sh fmt       gofmt -l must print nothing
#   bash collector/vsphere/test.sh vet       go vet, also for windows and darwin
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
export VSPHERE_DIR
cd "$VSPHERE_GOPATH_DIR" || exit 1
case "${1:-}" in
  fmt)
    out=$(gofmt -l cmd collect iokit vcsim itest)
    if [ -n "$out" ]; then
      echo "gofmt would change these files (run gofmt -w on them):"
      echo "$out"
      exit 1
    fi
    ;;
  vet)
    # The other platforms' vet shares the build cache with build.sh's binaries (same GOOS/GOARCH, flags).
    go vet ./... && GOOS=windows GOARCH=amd64 go vet ./cmd/... ./collect ./iokit &&
      GOOS=darwin GOARCH=arm64 go vet ./cmd/... ./collect ./iokit
    ;;
  *)
    # The integration tests run the harness and the collector (45 s of realtime); the build test builds 4 platforms.
    # They wait on the clock more than they compute: four at a time, not one per core.
    go test -count=1 -timeout 15m -parallel 4 "$@" ./...
    ;;
esac
