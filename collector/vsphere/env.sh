# Sourced by the vSphere collector's scripts: Go in GOPATH mode (Debian's golang-go and
# golang-github-vmware-govmomi-dev under /usr/share/gocode; no module proxy needed). This folder is the import path
# iokit/vsphere through a symlink in .gopath (ignored by git).
VSPHERE_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
export GO111MODULE=off
export GOPATH="$VSPHERE_DIR/.gopath:/usr/share/gocode"
# One build configuration for every go command (tests, vet, the tests' binaries, build.sh): pure Go and -trimpath,
# so the build cache compiles govmomi once per platform.
export CGO_ENABLED=0
export GOFLAGS=-trimpath
export GOCACHE="${GOCACHE:-$HOME/.cache/go-build}"
# The collector's own packages (cmd, iokit, collect, vcsim, itest), as go commands name them.
VSPHERE_PKG=iokit/vsphere
mkdir -p "$VSPHERE_DIR/.gopath/src/iokit"
[ -L "$VSPHERE_DIR/.gopath/src/iokit/vsphere" ] || ln -sfn ../../.. "$VSPHERE_DIR/.gopath/src/iokit/vsphere"
# Go commands run from the symlinked path, where ./... names the packages by their import path.
VSPHERE_GOPATH_DIR="$VSPHERE_DIR/.gopath/src/$VSPHERE_PKG"
