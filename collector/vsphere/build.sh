#!/usr/bin/env bash
# Builds iokit-vsphere for linux/amd64, linux/arm64, windows/amd64 and darwin/arm64 into dist/ (or $DIST):
#   iokit-vsphere-<version>-<os>-<arch>[.exe] and SHA256SUMS (sha256sum format).
# Pure Go (CGO_ENABLED=0), -trimpath, the version stamped with -ldflags -X. Version: $VERSION, else VERSION file.
#   bash collector/vsphere/build.sh            # all four
#   PLATFORMS="linux/amd64" bash collector/vsphere/build.sh
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
VERSION="${VERSION:-$(cat "$VSPHERE_DIR/VERSION")}"
DIST="${DIST:-$VSPHERE_DIR/dist}"
PLATFORMS="${PLATFORMS:-linux/amd64 linux/arm64 windows/amd64 darwin/arm64}"
mkdir -p "$DIST"
DIST=$(cd "$DIST" && pwd)
cd "$VSPHERE_GOPATH_DIR"
files=()
for platform in $PLATFORMS; do
  os=${platform%/*}
  arch=${platform#*/}
  ext=""
  [ "$os" = windows ] && ext=".exe"
  out="iokit-vsphere-$VERSION-$os-$arch$ext"
  echo "› $out"
  CGO_ENABLED=0 GOOS=$os GOARCH=$arch go build -trimpath -ldflags "-s -w -X main.version=$VERSION" \
    -o "$DIST/$out" ./cmd/iokit-vsphere
  files+=("$out")
done
(cd "$DIST" && sha256sum "${files[@]}" >SHA256SUMS)
echo "› $DIST/SHA256SUMS"
