package iokit

import (
	"bufio"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"regexp"
	"testing"
	"time"
)

func readLines(t *testing.T, path string) []map[string]interface{} {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f) // several members read as one text
	if err != nil {
		t.Fatal(err)
	}
	var out []map[string]interface{}
	sc := bufio.NewScanner(zr)
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	for sc.Scan() {
		var m map[string]interface{}
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("line %q: %v", sc.Text(), err)
		}
		out = append(out, m)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func header() Header {
	return Header{Type: "header", Format: "iokit", FormatVersion: FormatVersion,
		Collector:       Collector{Name: "iokit-vsphere", Version: "1.2.3"},
		Source:          &Source{Kind: "vcenter", Name: "vc", Version: "VMware vCenter Server 8.0.2"},
		IntervalSeconds: 20,
		Datacenters:     []Datacenter{{ID: "datacenter-2", Name: "DC0"}}, Clusters: []Cluster{}, Datastores: []Datastore{},
		Hosts: []Host{
			{ID: "host-21", Entity: "host", Name: "esx01", Disks: []Disk{}, FileSystems: []interface{}{}, NICs: []NIC{}},
			{ID: "vm-42", Entity: "vm", Name: "sql01", RunsOn: Null, PowerState: "poweredOff", Disks: []Disk{},
				FileSystems: []interface{}{}, NICs: []NIC{}},
		}}
}

var t0 = time.Date(2026, 11, 16, 0, 0, 0, 0, time.UTC)

func TestWriterAssemblesHeaderSamplesEnd(t *testing.T) {
	cases := []struct {
		name    string
		samples []Sample
		written int
		refused int
		// The run went from 30 s to 50.5 s.
		start, end string
	}{
		{"two entities interleaved", []Sample{
			{Type: "sample", Host: "host-21", TMs: 20000, IntervalMs: 20000}, {Type: "sample", Host: "vm-42", TMs: 20000},
			{Type: "sample", Host: "host-21", TMs: 40000}, {Type: "sample", Host: "vm-42", TMs: 40000},
		}, 4, 0, "1970-01-01T00:00:00Z", "1970-01-01T00:00:51Z"},
		{"a repeated timestamp is refused", []Sample{
			{Type: "sample", Host: "host-21", TMs: 20000}, {Type: "sample", Host: "host-21", TMs: 20000},
		}, 1, 1, "1970-01-01T00:00:20Z", "1970-01-01T00:00:51Z"},
		{"an older timestamp is refused", []Sample{
			{Type: "sample", Host: "host-21", TMs: 40000}, {Type: "sample", Host: "host-21", TMs: 20000},
			{Type: "sample", Host: "host-21", TMs: 60000},
		}, 2, 1, "1970-01-01T00:00:30Z", "1970-01-01T00:01:00Z"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "out.iokit")
			w, err := NewWriter(path, Options{Limit: DefaultMaxFileSize, CollectionID: "c1", RunStart: time.UnixMilli(30000)})
			if err != nil {
				t.Fatal(err)
			}
			w.SetHeader(header())
			refused := 0
			for _, s := range c.samples {
				if err := w.Write(s); err != nil {
					refused++
				}
			}
			if refused != c.refused || w.Count() != int64(c.written) {
				t.Fatalf("refused %d written %d, want %d and %d", refused, w.Count(), c.refused, c.written)
			}
			parts, err := w.Finish(time.UnixMilli(50500))
			if err != nil {
				t.Fatal(err)
			}
			// A collection under the limit is one file at the path given, without a collection in its header.
			if len(parts) != 1 || parts[0].Path != path || parts[0].Samples != int64(c.written) {
				t.Fatalf("parts %+v", parts)
			}
			lines := readLines(t, path)
			if len(lines) != c.written+2 {
				t.Fatalf("%d lines, want %d", len(lines), c.written+2)
			}
			if lines[0]["type"] != "header" || lines[0]["formatVersion"] != float64(3) {
				t.Errorf("first line %v", lines[0])
			}
			if _, ok := lines[0]["collection"]; ok {
				t.Errorf("a whole collection's header names a collection: %v", lines[0]["collection"])
			}
			// The window: from the run's start or the first interval's start, whichever is first, to the run's end
			// (on the second) or the last sample, whichever is last.
			if lines[0]["start"] != c.start || lines[0]["end"] != c.end {
				t.Errorf("window %v … %v, want %s … %s", lines[0]["start"], lines[0]["end"], c.start, c.end)
			}
			hosts := lines[0]["hosts"].([]interface{})
			vm := hosts[1].(map[string]interface{})
			if v, ok := vm["runsOn"]; !ok || v != nil {
				t.Errorf("a VM's runsOn must be present and null here: %v", vm)
			}
			if _, ok := hosts[0].(map[string]interface{})["runsOn"]; ok {
				t.Errorf("a host has no runsOn")
			}
			end := lines[len(lines)-1]
			if end["type"] != "end" || end["samples"] != float64(c.written) {
				t.Errorf("end %v, want samples %d", end, c.written)
			}
			if _, err := os.Stat(path + ".samples"); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("the samples file is left behind: %v", err)
			}
		})
	}
}

func TestWriterWithoutSamplesWritesNoFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "out.iokit")
	w, err := NewWriter(path, Options{Limit: 4 * KB})
	if err != nil {
		t.Fatal(err)
	}
	w.SetHeader(header())
	if parts, err := w.Finish(t0); !errors.Is(err, ErrNoSamples) || len(parts) != 0 {
		t.Fatalf("Finish = %v %v, want ErrNoSamples", parts, err)
	}
	for _, p := range []string{path, path + ".samples", path + ".tmp", w.PartPath(1)} {
		if _, err := os.Stat(p); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s exists", p)
		}
	}
}

// sample is a sample of entity at time tMs with values that compress as a real collection's do (not to nothing).
func sample(r *rand.Rand, entity string, tMs int64) Sample {
	f := func(max float64) *float64 { v := float64(r.Intn(int(max*100))) / 100; return &v }
	return Sample{Type: "sample", TMs: tMs, IntervalMs: 20000, Host: entity, CPUPct: f(100), CPUMhz: f(40000),
		MemUsedBytes: f(1e9), MemActiveBytes: f(1e9),
		Disks: map[string]DiskIO{"datastore-61": {ReadIops: f(5000), WriteIops: f(5000), ReadBps: f(1e8), WriteBps: f(1e8),
			ReadLatencyMs: f(20), WriteLatencyMs: f(20)}},
		Net: map[string]NetIO{"4000": {RxBps: f(1e8), TxBps: f(1e8)}}}
}

// TestWriterSplitsIntoPartsUnderTheLimit writes collections larger than a tiny limit, settled as the collector settles
// them (each interval at once, behind by a few intervals, a late entity, everything at the end), and checks the parts:
// each a valid file under the limit ending with its end record, named and numbered in order with one collection id,
// their windows following each other, every sample in the window of its part, none lost, none duplicated.
func TestWriterSplitsIntoPartsUnderTheLimit(t *testing.T) {
	type write struct {
		s      Sample
		settle int64 // after the write, Settle(settle) when > 0
		late   bool  // then a VM found at a re-read: sampled from ten intervals back, after the parts written
	}
	// plan gives entities × intervals of samples, interval by interval, settled lag intervals behind.
	plan := func(entities, intervals, lag int) []write {
		r := rand.New(rand.NewSource(int64(entities*1000 + intervals*10 + lag)))
		var out []write
		for k := 1; k <= intervals; k++ {
			tMs := t0.UnixMilli() + int64(k)*20000
			for e := 0; e < entities; e++ {
				out = append(out, write{s: sample(r, fmt.Sprintf("vm-%d", 100+e), tMs)})
			}
			if lag >= 0 && k > lag {
				out[len(out)-1].settle = tMs - int64(lag)*20000
			}
		}
		return out
	}
	// late: a VM found at a re-read is sampled from the previous read on, behind what is already written.
	late := func() []write {
		out := plan(4, 60, 0)
		for i, x := range out {
			if x.s.TMs >= t0.UnixMilli()+30*20000 && x.settle > 0 {
				out[i].late = true
			}
		}
		return out
	}
	cases := []struct {
		name     string
		limit    int64
		writes   []write
		minParts int
		oneEach  bool // the limit is below one interval and the inventory: each part holds one interval
		late     bool
	}{
		{"settled interval by interval", 4 * KB, plan(3, 120, 0), 3, false, false},
		{"settled three intervals behind", 4 * KB, plan(3, 120, 3), 3, false, false},
		{"settled only at the end", 6 * KB, plan(5, 90, -1), 2, false, false},
		{"a late entity's samples go into the part being written", 3 * KB, late(), 3, false, true},
		{"a limit below one interval: one interval per part", 600, plan(3, 5, 0), 5, true, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "vc.iokit")
			var told []Part
			w, err := NewWriter(path, Options{Limit: c.limit, CollectionID: "0b6c3c8e-5d0a-4f7e-9c1e-2f4a8e6b1d30",
				RunStart: t0.Add(30 * time.Second), OnPart: func(p Part) { told = append(told, p) }})
			if err != nil {
				t.Fatal(err)
			}
			w.SetHeader(header())
			want := map[string]bool{}
			injected := false
			for _, x := range c.writes {
				if err := w.Write(x.s); err != nil {
					t.Fatal(err)
				}
				line, _ := json.Marshal(x.s)
				want[string(line)] = true
				if x.settle > 0 {
					if err := w.Settle(x.settle); err != nil {
						t.Fatal(err)
					}
				}
				// As the collector's sampler does (SkipTo), nothing at or before a written part's end: once the part
				// being written holds a few intervals.
				from := x.s.TMs - 10*20000
				if from <= w.startMs {
					from = w.startMs + 20000
				}
				if x.late && !injected && from < x.s.TMs-20000 {
					injected = true
					r := rand.New(rand.NewSource(7))
					for tMs := from; tMs <= x.s.TMs; tMs += 20000 {
						s := sample(r, "vm-new", tMs)
						if err := w.Write(s); err != nil {
							t.Fatal(err)
						}
						line, _ := json.Marshal(s)
						want[string(line)] = true
					}
					if len(w.pending) == 0 || w.pending[0].tMs >= x.s.TMs || w.pending[0].tMs <= w.startMs {
						t.Fatalf("no late sample is held behind the written ones")
					}
				}
			}
			if c.late != injected {
				t.Fatalf("late samples injected: %v", injected)
			}
			runEnd := t0.Add(time.Hour)
			parts, err := w.Finish(runEnd)
			if err != nil {
				t.Fatal(err)
			}
			if len(parts) < c.minParts || len(told) != len(parts)-1 {
				t.Fatalf("%d parts (%d told), want at least %d", len(parts), len(told), c.minParts)
			}
			got := map[string]bool{}
			var prevEnd string
			for i, p := range parts {
				if want := filepath.Join(dir, fmt.Sprintf("vc-part%02d.iokit", i+1)); p.Path != want || p.Number != i+1 {
					t.Errorf("part %d is %s (%d), want %s", i+1, p.Path, p.Number, want)
				}
				fi, err := os.Stat(p.Path)
				if err != nil {
					t.Fatal(err)
				}
				if fi.Size() != p.Bytes || (!c.oneEach && fi.Size() > c.limit) {
					t.Errorf("part %d: %d bytes (told %d), the limit %d", i+1, fi.Size(), p.Bytes, c.limit)
				}
				lines := readLines(t, p.Path)
				h, end := lines[0], lines[len(lines)-1]
				if h["type"] != "header" || end["type"] != "end" || end["samples"] != float64(len(lines)-2) || p.Samples != int64(len(lines)-2) {
					t.Fatalf("part %d: not header … end of %d samples: %v %v", i+1, len(lines)-2, h["type"], end)
				}
				coll, _ := h["collection"].(map[string]interface{})
				if coll["id"] != "0b6c3c8e-5d0a-4f7e-9c1e-2f4a8e6b1d30" || coll["part"] != float64(i+1) {
					t.Errorf("part %d: collection %v", i+1, h["collection"])
				}
				// Windows follow each other: the first from the run's start, each next from the previous one's end,
				// the last to the run's end.
				start, _ := time.Parse(time.RFC3339, h["start"].(string))
				stop, _ := time.Parse(time.RFC3339, h["end"].(string))
				switch {
				case i == 0 && !start.Equal(t0):
					t.Errorf("part 1 starts %v, want the first interval's start %v", start, t0)
				case i > 0 && h["start"] != prevEnd:
					t.Errorf("part %d starts %v, the previous ended %v", i+1, h["start"], prevEnd)
				case i == len(parts)-1 && !stop.Equal(runEnd):
					t.Errorf("the last part ends %v, want the run's end %v", stop, runEnd)
				}
				if !p.Start.Equal(start) || !p.End.Equal(stop) {
					t.Errorf("part %d told %v … %v, its header %v … %v", i+1, p.Start, p.End, start, stop)
				}
				prevEnd = h["end"].(string)
				intervals := map[float64]bool{}
				for _, s := range lines[1 : len(lines)-1] {
					tMs := s["tMs"].(float64)
					intervals[tMs] = true
					if tMs-s["intervalMs"].(float64) < float64(start.UnixMilli()) || tMs > float64(stop.UnixMilli()) {
						t.Errorf("part %d: sample of %v at %v outside %v … %v", i+1, s["host"], tMs, start, stop)
					}
					line, _ := json.Marshal(s)
					var back Sample
					_ = json.Unmarshal(line, &back)
					canon, _ := json.Marshal(back)
					if got[string(canon)] {
						t.Errorf("sample of %v at %v twice", s["host"], tMs)
					}
					got[string(canon)] = true
				}
				if c.oneEach && len(intervals) != 1 {
					t.Errorf("part %d holds %d intervals, want 1", i+1, len(intervals))
				}
			}
			for line := range want {
				if !got[line] {
					t.Errorf("lost: %s", line)
				}
			}
			if len(got) != len(want) {
				t.Errorf("%d samples in the parts, %d written", len(got), len(want))
			}
			sizes := make([]int64, len(parts))
			for i, p := range parts {
				sizes[i] = p.Bytes
			}
			t.Logf("%d samples in %d parts of %v bytes (limit %d)", len(got), len(parts), sizes, c.limit)
			if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("a split collection left a file at %s", path)
			}
			if _, err := os.Stat(path + ".samples"); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("the samples file is left behind")
			}
		})
	}
}

// A sample of an interval already written in an earlier part is refused: no interval is in two parts.
func TestWriterRefusesASampleOfAWrittenPart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "vc.iokit")
	w, err := NewWriter(path, Options{Limit: 2 * KB, CollectionID: "c1"})
	if err != nil {
		t.Fatal(err)
	}
	w.SetHeader(header())
	r := rand.New(rand.NewSource(1))
	k := int64(0)
	for w.Part() == 1 {
		k++
		if err := w.Write(sample(r, "vm-1", k*20000)); err != nil {
			t.Fatal(err)
		}
		if err := w.Settle(k * 20000); err != nil {
			t.Fatal(err)
		}
	}
	ended := w.Parts()[0].End.UnixMilli()
	if err := w.Write(sample(r, "vm-2", ended)); err == nil {
		t.Errorf("a sample at part 1's end (%d) was taken into part 2", ended)
	}
	if err := w.Write(sample(r, "vm-2", ended+20000)); err != nil {
		t.Errorf("a sample after part 1's end: %v", err)
	}
	if _, err := w.Finish(time.UnixMilli(ended + 20000)); err != nil {
		t.Fatal(err)
	}
}

func TestParseSize(t *testing.T) {
	cases := []struct {
		in   string
		want int64
		err  string
	}{
		{"95MB", 95 << 20, ""},
		{"200KB", 200 << 10, ""},
		{"200kb", 200 << 10, ""},
		{"1GB", 1 << 30, ""},
		{"1.5GB", 3 << 29, ""},
		{"95 MiB", 95 << 20, ""},
		{"64K", 64 << 10, ""},
		{"100M", 100 << 20, ""},
		{"4096", 4096, ""},
		{"4096B", 4096, ""},
		{"0", 0, ""},
		{"", 0, "is not a size"},
		{"MB", 0, "is not a size"},
		{"-5MB", 0, "is not a size"},
		{"5TB", 0, "is not a size"},
		{"1.2.3MB", 0, "is not a size"},
		{"lots", 0, "is not a size"},
		{"0.5", 0, "less than one byte"},
		{"99999999999GB", 0, "too large"},
	}
	for _, c := range cases {
		got, err := ParseSize(c.in)
		switch {
		case c.err == "" && (err != nil || got != c.want):
			t.Errorf("ParseSize(%q) = %d, %v; want %d", c.in, got, err, c.want)
		case c.err != "" && (err == nil || !regexp.MustCompile(regexp.QuoteMeta(c.err)).MatchString(err.Error())):
			t.Errorf("ParseSize(%q) = %d, %v; want an error saying %q", c.in, got, err, c.err)
		}
	}
	if DefaultMaxFileSize >= 100*MB {
		t.Errorf("the default %d is not under the portal's 100 MB", DefaultMaxFileSize)
	}
}

func TestFormatSize(t *testing.T) {
	for in, want := range map[int64]string{512: "512 B", 200 << 10: "200.0 KB", 95 << 20: "95.0 MB", 3 << 29: "1.5 GB"} {
		if got := FormatSize(in); got != want {
			t.Errorf("FormatSize(%d) = %q, want %q", in, got, want)
		}
	}
}

func TestNewCollectionID(t *testing.T) {
	uuid := regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`)
	seen := map[string]bool{}
	for i := 0; i < 100; i++ {
		id, err := NewCollectionID()
		if err != nil || !uuid.MatchString(id) || seen[id] {
			t.Fatalf("id %q (%v): a fresh version-4 UUID each time", id, err)
		}
		seen[id] = true
	}
}

// The portal refuses a file of 100 MB or more (the spec's only_iokit_lessthen_hundred_mb_allowed, counted as
// 100 × 1024 × 1024 bytes): the default part must stay under it with room for the last interval.
func TestDefaultPartFitsThePortalsUploadLimit(t *testing.T) {
	const portalLimit = 100 * 1024 * 1024
	if DefaultMaxFileSize >= portalLimit {
		t.Fatalf("default part size %d bytes is not under the portal's %d", DefaultMaxFileSize, portalLimit)
	}
	if DefaultMaxFileSize != 95*1024*1024 {
		t.Fatalf("default part size %d bytes, documented as 95MB", DefaultMaxFileSize)
	}
}
