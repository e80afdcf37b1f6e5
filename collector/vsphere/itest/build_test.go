package itest

import (
	"bufio"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// kind names an executable's format and architecture from its first bytes, read here without debug/elf & co.
func kind(b []byte) string {
	switch {
	case len(b) >= 20 && string(b[:4]) == "\x7fELF" && b[4] == 2:
		switch binary.LittleEndian.Uint16(b[18:20]) {
		case 0x3e:
			return "ELF x86-64"
		case 0xb7:
			return "ELF aarch64"
		}
		return "ELF other"
	case len(b) >= 0x40 && string(b[:2]) == "MZ":
		pe := int(binary.LittleEndian.Uint32(b[0x3c:0x40]))
		if len(b) < pe+26 || string(b[pe:pe+4]) != "PE\x00\x00" {
			return "MZ without PE"
		}
		machine := binary.LittleEndian.Uint16(b[pe+4 : pe+6])
		magic := binary.LittleEndian.Uint16(b[pe+24 : pe+26])
		if machine == 0x8664 && magic == 0x20b {
			return "PE32+ x86-64"
		}
		return fmt.Sprintf("PE machine %#x magic %#x", machine, magic)
	case len(b) >= 8 && binary.LittleEndian.Uint32(b[:4]) == 0xfeedfacf:
		if binary.LittleEndian.Uint32(b[4:8]) == 0x0100000c {
			return "Mach-O arm64"
		}
		return "Mach-O other"
	}
	return "unknown"
}

// build.sh builds the four platforms' binaries, named by version, with SHA256SUMS; the host's own one runs.
func TestBuildScript(t *testing.T) {
	t.Parallel()
	dist := t.TempDir()
	script, err := filepath.Abs(filepath.Join("..", "build.sh")) // go test runs in the package's folder
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("bash", script)
	cmd.Env = append(os.Environ(), "DIST="+dist, "VERSION=9.8.7-test")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("build.sh: %v\n%s", err, out)
	}
	want := map[string]string{
		"iokit-vsphere-9.8.7-test-linux-amd64":       "ELF x86-64",
		"iokit-vsphere-9.8.7-test-linux-arm64":       "ELF aarch64",
		"iokit-vsphere-9.8.7-test-windows-amd64.exe": "PE32+ x86-64",
		"iokit-vsphere-9.8.7-test-darwin-arm64":      "Mach-O arm64",
	}
	sums := map[string]string{}
	for name, k := range want {
		b, err := os.ReadFile(filepath.Join(dist, name))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if got := kind(b); got != k {
			t.Errorf("%s is %s, want %s", name, got, k)
		}
		if len(b) < 2<<20 {
			t.Errorf("%s is only %d bytes", name, len(b))
		}
		h := sha256.Sum256(b)
		sums[name] = hex.EncodeToString(h[:])
	}
	f, err := os.Open(filepath.Join(dist, "SHA256SUMS"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	listed := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		parts := strings.SplitN(sc.Text(), "  ", 2) // sha256sum's "<hex>  <name>"
		if len(parts) != 2 || sums[parts[1]] != parts[0] {
			t.Errorf("SHA256SUMS line %q does not match the file", sc.Text())
			continue
		}
		listed++
	}
	if listed != len(want) {
		t.Errorf("SHA256SUMS lists %d of %d files", listed, len(want))
	}
	entries, _ := os.ReadDir(dist)
	if len(entries) != len(want)+1 {
		t.Errorf("dist holds %d files, want %d", len(entries), len(want)+1)
	}
	host := fmt.Sprintf("iokit-vsphere-9.8.7-test-%s-%s", runtime.GOOS, runtime.GOARCH)
	if _, ok := want[host]; !ok {
		t.Skipf("no binary of this host's platform (%s) to run", host)
	}
	out, err := exec.Command(filepath.Join(dist, host), "-version").CombinedOutput()
	if err != nil || strings.TrimSpace(string(out)) != "iokit-vsphere 9.8.7-test" {
		t.Errorf("-version: %q, %v", out, err)
	}
}

func TestKind(t *testing.T) {
	elf := func(machine uint16) []byte {
		b := make([]byte, 64)
		copy(b, "\x7fELF\x02")
		binary.LittleEndian.PutUint16(b[18:], machine)
		return b
	}
	pe := func(machine, magic uint16) []byte {
		b := make([]byte, 256)
		copy(b, "MZ")
		binary.LittleEndian.PutUint32(b[0x3c:], 0x80)
		copy(b[0x80:], "PE\x00\x00")
		binary.LittleEndian.PutUint16(b[0x84:], machine)
		binary.LittleEndian.PutUint16(b[0x98:], magic)
		return b
	}
	macho := func(cpu uint32) []byte {
		b := make([]byte, 32)
		binary.LittleEndian.PutUint32(b, 0xfeedfacf)
		binary.LittleEndian.PutUint32(b[4:], cpu)
		return b
	}
	cases := []struct {
		name string
		b    []byte
		want string
	}{
		{"ELF x86-64", elf(0x3e), "ELF x86-64"},
		{"ELF aarch64", elf(0xb7), "ELF aarch64"},
		{"ELF riscv", elf(0xf3), "ELF other"},
		{"PE32+ amd64", pe(0x8664, 0x20b), "PE32+ x86-64"},
		{"PE32 i386", pe(0x14c, 0x10b), "PE machine 0x14c magic 0x10b"},
		{"Mach-O arm64", macho(0x0100000c), "Mach-O arm64"},
		{"Mach-O x86-64", macho(0x01000007), "Mach-O other"},
		{"a script", []byte("#!/bin/sh\necho hi\n"), "unknown"},
		{"empty", nil, "unknown"},
	}
	for _, c := range cases {
		if got := kind(c.b); got != c.want {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
}
