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

// demoReader is the demo API's reader (apps/mock), runnable with Node 24 when it is on PATH (scripts/test.sh puts
// the pinned one there); "" and why not otherwise.
func demoReader(t *testing.T) (string, string) {
	t.Helper()
	out, err := exec.Command("node", "--version").Output()
	m := regexp.MustCompile(`^v(\d+)\.`).FindSubmatch(out)
	if err != nil || m == nil {
		return "", "node is not on PATH (source scripts/env.sh)"
	}
	if major, _ := strconv.Atoi(string(m[1])); major < 24 {
		return "", "node " + strings.TrimSpace(string(out)) + " cannot run the demo API's TypeScript (source scripts/env.sh for Node 24)"
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
		return "", "no demo API here: " + err.Error()
	}
	return reader, ""
}

// readWithDemoAPI reads a file with the demo API's validateCollectorFile: "<entities> <samples>", or fails the test
// with the reader's refusal.
func readWithDemoAPI(t *testing.T, reader, file string) string {
	t.Helper()
	script := filepath.Join(t.TempDir(), "check.ts")
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
	return strings.TrimSpace(string(got))
}

// The portal's own reader (the demo API's validateCollectorFile, apps/mock) accepts the collector's file: the
// contract between the two.
func TestDemoAPIReadsTheFile(t *testing.T) {
	t.Parallel()
	reader, why := demoReader(t)
	if reader == "" {
		t.Skip(why)
	}
	s := startSim(t, "-clusters", "1", "-hosts", "2", "-standalone", "1", "-vms", "2", "-datastores", "2")
	dir := t.TempDir()
	file := filepath.Join(dir, "v3.iokit")
	r := runCollector(t, "pass", 2*time.Minute, "-server", s.server(), "-user", "user", "-duration", "3s", "-o", file)
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	_, samples, _ := readFile(t, file)
	// 3 hosts, 2 VMs in the cluster and 2 on the standalone host.
	if got, want := readWithDemoAPI(t, reader, file), "7 "+strconv.Itoa(len(samples)); got != want {
		t.Errorf("the demo API read %q, want %q (entities, samples)", got, want)
	}
}
