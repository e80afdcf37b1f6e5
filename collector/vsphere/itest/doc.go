// Package itest holds the vSphere collector's integration tests: the built iokit-vsphere binary against the
// iokit-vcsim harness, the file read back with the tests' own plain code, and the build script's binaries.
package itest
