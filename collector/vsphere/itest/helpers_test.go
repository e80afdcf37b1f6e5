package itest

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// bin holds the binaries built once for all tests.
var bin string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "iokit-vsphere-itest-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	bin = dir
	for name, pkg := range map[string]string{"iokit-vsphere": "iokit/vsphere/cmd/iokit-vsphere", "iokit-vcsim": "iokit/vsphere/vcsim"} {
		cmd := exec.Command("go", "build", "-o", filepath.Join(dir, name), pkg)
		cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
		if err := cmd.Run(); err != nil {
			fmt.Fprintf(os.Stderr, "building %s: %v\n", pkg, err)
			os.Exit(1)
		}
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// sim is a running iokit-vcsim.
type sim struct {
	URL  string // with user:pass
	Host string // host:port
	cmd  *exec.Cmd
}

// startSim starts the harness and waits for its URL line; it is stopped (SIGINT) when the test ends.
func startSim(t *testing.T, args ...string) *sim {
	t.Helper()
	cmd := exec.Command(filepath.Join(bin, "iokit-vcsim"), args...)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Signal(os.Interrupt)
		done := make(chan struct{})
		go func() { _ = cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			_ = cmd.Process.Kill()
		}
	})
	line := make(chan string, 1)
	go func() {
		r := bufio.NewReader(out)
		l, _ := r.ReadString('\n')
		line <- strings.TrimSpace(l)
		_, _ = io.Copy(io.Discard, r)
	}()
	select {
	case l := <-line:
		if l == "" {
			t.Fatalf("the harness printed no URL: %s", stderr.String())
		}
		s := &sim{URL: l, cmd: cmd}
		s.Host = strings.SplitN(strings.SplitN(l, "@", 2)[1], "/", 2)[0]
		return s
	case <-time.After(60 * time.Second):
		t.Fatalf("the harness did not start: %s", stderr.String())
	}
	return nil
}

// server is the address the collector is given (no credentials in it).
func (s *sim) server() string {
	scheme := strings.SplitN(s.URL, "://", 2)[0]
	return scheme + "://" + s.Host + "/sdk"
}

// result of one collector run.
type result struct {
	code   int
	stderr string
}

// lastLine is the closing sentence on stderr.
func (r result) lastLine() string {
	lines := strings.Split(strings.TrimSpace(r.stderr), "\n")
	return lines[len(lines)-1]
}

// collector starts iokit-vsphere; password "" leaves IOKIT_VSPHERE_PASSWORD unset.
func collector(t *testing.T, password string, args ...string) (*exec.Cmd, *bytes.Buffer) {
	t.Helper()
	cmd := exec.Command(filepath.Join(bin, "iokit-vsphere"), args...)
	env := []string{}
	for _, e := range os.Environ() {
		if !strings.HasPrefix(e, "IOKIT_VSPHERE_PASSWORD=") {
			env = append(env, e)
		}
	}
	if password != "" {
		env = append(env, "IOKIT_VSPHERE_PASSWORD="+password)
	}
	cmd.Env = env
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	cmd.Stdin = nil // not a terminal: no prompt
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd, &stderr
}

func wait(t *testing.T, cmd *exec.Cmd, stderr *bytes.Buffer, limit time.Duration) result {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(limit):
		_ = cmd.Process.Signal(syscall.SIGKILL)
		<-done
		t.Fatalf("the collector ran over %v: %s", limit, stderr.String())
	}
	return result{code: cmd.ProcessState.ExitCode(), stderr: stderr.String()}
}

func runCollector(t *testing.T, password string, limit time.Duration, args ...string) result {
	t.Helper()
	cmd, stderr := collector(t, password, args...)
	return wait(t, cmd, stderr, limit)
}

// record is one line of a collector file, decoded plainly.
type record = map[string]interface{}

// readFile reads a collector file with nothing but gzip and JSON: header, samples, end.
func readFile(t *testing.T, path string) (record, []record, record) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("the file: %v", err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatalf("not gzip: %v", err)
	}
	sc := bufio.NewScanner(zr)
	sc.Buffer(make([]byte, 1<<20), 32<<20)
	var lines []record
	for sc.Scan() {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		var r record
		dec := json.NewDecoder(strings.NewReader(sc.Text()))
		dec.UseNumber()
		if err := dec.Decode(&r); err != nil {
			t.Fatalf("line %d is not a JSON object: %v", len(lines)+1, err)
		}
		lines = append(lines, r)
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("reading: %v", err)
	}
	if len(lines) < 2 || lines[0]["type"] != "header" || lines[len(lines)-1]["type"] != "end" {
		t.Fatalf("not header … end: %d lines", len(lines))
	}
	samples := lines[1 : len(lines)-1]
	for i, s := range samples {
		if s["type"] != "sample" {
			t.Fatalf("line %d: type %v", i+2, s["type"])
		}
	}
	end := lines[len(lines)-1]
	if n, _ := end["samples"].(json.Number).Int64(); n != int64(len(samples)) {
		t.Fatalf("end record says %d samples, the file has %d", n, len(samples))
	}
	return lines[0], samples, end
}

// part is one file of a collection written in parts.
type part struct {
	path       string
	header     record
	samples    []record
	start, end time.Time
}

// readParts reads the parts of a collection split under the size limit (<name>-part01.iokit, -part02, …) with
// readFile, and checks what makes them parts of one collection: no whole file at out, at least two parts, each under
// limit bytes, their headers naming one collection and their own number, each window starting where the previous one
// ended, every sample's entity in its part's header and its interval in the part's window, and no entity's timestamp
// in two parts.
func readParts(t *testing.T, out string, limit int64) []part {
	t.Helper()
	if _, err := os.Stat(out); err == nil {
		t.Errorf("a split collection left a whole file at %s", out)
	}
	ext := filepath.Ext(out)
	var parts []part
	var id interface{}
	seen := map[string]int{} // entity|tMs → part
	for n := 1; ; n++ {
		path := fmt.Sprintf("%s-part%02d%s", strings.TrimSuffix(out, ext), n, ext)
		fi, err := os.Stat(path)
		if err != nil {
			break
		}
		if fi.Size() > limit {
			t.Errorf("%s: %d bytes, over the limit %d", path, fi.Size(), limit)
		}
		header, samples, _ := readFile(t, path)
		p := part{path: path, header: header, samples: samples}
		p.start, _ = time.Parse(time.RFC3339, str(header["start"]))
		p.end, _ = time.Parse(time.RFC3339, str(header["end"]))
		coll := obj(header["collection"])
		if n == 1 {
			id = coll["id"]
		}
		if number, _ := coll["part"].(json.Number).Int64(); str(coll["id"]) == "" || coll["id"] != id || number != int64(n) {
			t.Errorf("%s: collection %v, want part %d of %v", path, coll, n, id)
		}
		if n > 1 && !p.start.Equal(parts[n-2].end) {
			t.Errorf("%s starts %v, part %d ended %v", path, p.start, n-1, parts[n-2].end)
		}
		listed := map[string]bool{}
		for _, h := range list(header["hosts"]) {
			listed[str(obj(h)["id"])] = true
		}
		for _, s := range samples {
			if !listed[str(s["host"])] {
				t.Errorf("%s: a sample of %v, not in its header", path, s["host"])
			}
			tMs, _ := s["tMs"].(json.Number).Int64()
			interval, _ := s["intervalMs"].(json.Number).Int64()
			if tMs-interval < p.start.UnixMilli() || tMs > p.end.UnixMilli() {
				t.Errorf("%s: a sample of %v at %d is outside %v … %v", path, s["host"], tMs, p.start, p.end)
			}
			key := fmt.Sprintf("%s|%d", str(s["host"]), tMs)
			if prev, ok := seen[key]; ok {
				t.Errorf("%s at %d is in part %d and part %d", str(s["host"]), tMs, prev, n)
			}
			seen[key] = n
		}
		parts = append(parts, p)
	}
	if len(parts) < 2 {
		t.Fatalf("%d parts of %s, want at least 2", len(parts), out)
	}
	return parts
}
