package itest

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The portal's own reader (the demo API's validateCollectorFile, apps/mock) accepts the collector's file: the
// contract between the two, checked with Node 24 when it is on PATH (scripts/test.sh puts the pinned one there).
func TestDemoAPIReadsTheFile(t *testing.T) {
	t.Parallel()
	out, err := exec.Command("node", "--version").Output()
	m := regexp.MustCompile(`^v(\d+)\.`).FindSubmatch(out)
	if err != nil || m == nil {
		t.Skip("node is not on PATH (source scripts/env.sh)")
	}
	if major, _ := strconv.Atoi(string(m[1])); major < 24 {
		t.Skipf("node %s cannot run the demo API's TypeScript (source scripts/env.sh for Node 24)", strings.TrimSpace(string(out)))
	}
	parent, err := filepath.Abs("..") // the package's folder may be reached through the GOPATH symlink
	if err != nil {
		t.Fatal(err)
	}
	here, err := filepath.EvalSymlinks(parent)
	if err != nil {
		t.Fatal(err)
	}
	reader := filepath.Join(here, "..", "..", "apps", "mock", "src", "collector-file", "index.ts")
	if _, err := os.Stat(reader); err != nil {
		t.Skipf("no demo API here: %v", err)
	}
	s := startSim(t, "-clusters", "1", "-hosts", "2", "-standalone", "1", "-vms", "2", "-datastores", "2")
	dir := t.TempDir()
	file := filepath.Join(dir, "v3.iokit")
	r := runCollector(t, "pass", 2*time.Minute, "-server", s.server(), "-user", "user", "-duration", "3s", "-o", file)
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	_, samples, _ := readFile(t, file)
	script := filepath.Join(dir, "check.ts")
	code := "import { validateCollectorFile } from " + strconv.Quote(reader) + ";\n" +
		"const { hosts, samples } = await validateCollectorFile(" + strconv.Quote(file) + ");\n" +
		"console.log(`${hosts} ${samples}`);\n"
	if err := os.WriteFile(script, []byte(code), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := exec.Command("node", script).CombinedOutput()
	if err != nil {
		t.Fatalf("the demo API refused the file: %v\n%s", err, got)
	}
	// 3 hosts, 2 VMs in the cluster and 2 on the standalone host.
	if want := "7 " + strconv.Itoa(len(samples)); strings.TrimSpace(string(got)) != want {
		t.Errorf("the demo API read %q, want %q (entities, samples)", strings.TrimSpace(string(got)), want)
	}
}
