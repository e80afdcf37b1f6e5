package itest

import (
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

func noFile(t *testing.T, path string) {
	t.Helper()
	for _, p := range []string{path, path + ".samples", path + ".tmp"} {
		if _, err := os.Stat(p); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s was left: %v", p, err)
		}
	}
}

// Each failure ends with one sentence on stderr and its own exit code.
func TestFailures(t *testing.T) {
	plain := startSim(t, "-standalone", "1", "-clusters", "0", "-vms", "1", "-off", "0", "-suspended", "0")
	denied := startSim(t, "-standalone", "1", "-clusters", "0", "-vms", "1", "-off", "0", "-suspended", "0", "-deny-perf")
	dir := t.TempDir()
	cert := filepath.Join(dir, "ca.pem")
	secure := startSim(t, "-standalone", "1", "-clusters", "0", "-vms", "1", "-off", "0", "-suspended", "0", "-tls", "-cert-out", cert)
	closed, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closedAddr := closed.Addr().String()
	closed.Close()

	cases := []struct {
		name     string
		password string
		args     []string
		code     int
		sentence []string
		file     bool
	}{
		{"wrong password", "wrong", []string{"-server", plain.server(), "-user", "user"}, 3,
			[]string{"refused the user name or password (InvalidLogin)", "IOKIT_VSPHERE_PASSWORD"}, false},
		{"unreachable port", "pass", []string{"-server", "http://" + closedAddr + "/sdk", "-user", "user"}, 4,
			[]string{"cannot be reached", "connection refused"}, false},
		{"TLS without the CA", "pass", []string{"-server", secure.server(), "-user", "user"}, 5,
			[]string{"unknown authority", "-ca-file", "-insecure"}, false},
		{"TLS with -ca-file", "pass", []string{"-server", secure.server(), "-user", "user", "-ca-file", cert, "-duration", "1s"}, 0,
			[]string{"Done: "}, true},
		{"TLS with -insecure", "pass", []string{"-server", secure.server(), "-user", "user", "-insecure", "-duration", "1s"}, 0,
			[]string{"Done: "}, true},
		{"a user without the privilege to read counters", "pass", []string{"-server", denied.server(), "-user", "user"}, 6,
			[]string{"lacks the privilege System.Read on HostSystem host-", "NoPermission", "no samples were taken"}, false},
		{"no password and no terminal", "", []string{"-server", plain.server(), "-user", "user"}, 2,
			[]string{"No password: set IOKIT_VSPHERE_PASSWORD"}, false},
		{"a duration that is none", "pass", []string{"-server", plain.server(), "-user", "user", "-duration", "week"}, 2,
			[]string{"-duration", "not a duration"}, false},
		{"no server", "pass", []string{"-user", "user"}, 2, []string{"Give the server and the user"}, false},
	}
	for i, c := range cases {
		c := c
		out := filepath.Join(dir, strings.ReplaceAll(c.name, " ", "-")+".iokit")
		_ = i
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			r := runCollector(t, c.password, 2*time.Minute, append(c.args, "-o", out)...)
			if r.code != c.code {
				t.Errorf("exit %d, want %d: %s", r.code, c.code, r.stderr)
			}
			last := r.lastLine()
			for _, w := range c.sentence {
				if !strings.Contains(last, w) {
					t.Errorf("the last line %q lacks %q", last, w)
				}
			}
			if !strings.HasSuffix(last, ".") || strings.Contains(r.stderr, "pass\n") {
				t.Errorf("not one closing sentence: %q", r.stderr)
			}
			if c.file {
				header, samples, _ := readFile(t, out)
				if len(samples) == 0 || header["formatVersion"] == nil {
					t.Errorf("no samples")
				}
			} else {
				noFile(t, out)
			}
		})
	}
}

// SIGINT (and SIGTERM) mid-run: the file holds what was collected, complete with its end record. Under SIGTERM the
// collection is split under a 3 KB limit (issue #41): every part written, the last one included, is a complete file.
func TestInterrupted(t *testing.T) {
	// In parallel with the longer runs: the first interval settles only once the next has begun (up to 25 s).
	t.Parallel()
	for _, c := range []struct {
		sig   syscall.Signal
		limit string
	}{{syscall.SIGINT, "95MB"}, {syscall.SIGTERM, "3KB"}} {
		c := c
		t.Run(c.sig.String(), func(t *testing.T) {
			t.Parallel()
			s := startSim(t, "-standalone", "1", "-clusters", "1", "-hosts", "1", "-vms", "2", "-off", "0", "-suspended", "0")
			out := filepath.Join(t.TempDir(), "partial.iokit")
			// Re-reads and polls every 5 s let the first interval settle into the samples file once the next began.
			cmd, stderr := collector(t, "pass", "-server", s.server(), "-user", "user", "-duration", "10m",
				"-rescan", "5s", "-poll", "5s", "-max-file-size", c.limit, "-o", out)
			// Wait for the first interval's samples in the temporary file (a later one is held), then interrupt.
			deadline := time.Now().Add(90 * time.Second)
			for {
				if fi, err := os.Stat(out + ".samples"); err == nil && fi.Size() > 0 {
					break
				}
				if time.Now().After(deadline) {
					_ = cmd.Process.Kill()
					t.Fatalf("no samples within 90 s: %s", stderr.String())
				}
				time.Sleep(200 * time.Millisecond)
			}
			_ = cmd.Process.Signal(c.sig)
			r := wait(t, cmd, stderr, 60*time.Second)
			if r.code != 0 || !strings.HasPrefix(r.lastLine(), "Interrupted after ") {
				t.Fatalf("exit %d: %s", r.code, r.stderr)
			}
			var files []string
			if c.limit == "95MB" {
				header, samples, _ := readFile(t, out)
				if len(samples) == 0 || !strings.Contains(r.lastLine(), out+" (a complete file of the time collected).") {
					t.Fatalf("no samples in the partial file, or not named: %s", r.lastLine())
				}
				start, err1 := time.Parse(time.RFC3339, header["start"].(string))
				end, err2 := time.Parse(time.RFC3339, header["end"].(string))
				if err1 != nil || err2 != nil || end.Before(start) || end.Sub(start) > 2*time.Minute {
					t.Errorf("start %v end %v", header["start"], header["end"])
				}
				files = []string{out}
			} else {
				parts := readParts(t, out, 3*1024)
				last := parts[len(parts)-1]
				if !strings.Contains(r.lastLine(), fmt.Sprintf(" are in %d parts: %s … %s (each a complete file, together the time collected).", len(parts), parts[0].path, last.path)) {
					t.Errorf("the closing sentence does not name the parts: %s", r.lastLine())
				}
				if len(last.samples) == 0 || last.end.Sub(parts[0].start) > 2*time.Minute {
					t.Errorf("the last part: %d samples, the parts span %v … %v", len(last.samples), parts[0].start, last.end)
				}
				for _, p := range parts {
					files = append(files, p.path)
				}
			}
			if reader, why := demoReader(t); reader != "" {
				for _, f := range files {
					readWithDemoAPI(t, reader, f)
				}
			} else {
				t.Logf("not read by the demo API: %s", why)
			}
			noFile(t, out+".leftover") // nothing but the file
			if _, err := os.Stat(out + ".samples"); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("the samples file was left")
			}
		})
	}
}
