package iokit

import (
	"bufio"
	"compress/gzip"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

func readLines(t *testing.T, path string) []map[string]interface{} {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
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
		Collector: Collector{Name: "iokit-vsphere", Version: "1.2.3"},
		Source:    &Source{Kind: "vcenter", Name: "vc", Version: "VMware vCenter Server 8.0.2"},
		Start:     "2026-11-16T00:00:00Z", End: "2026-11-16T00:00:40Z", IntervalSeconds: 20,
		Datacenters: []Datacenter{{ID: "datacenter-2", Name: "DC0"}}, Clusters: []Cluster{}, Datastores: []Datastore{},
		Hosts: []Host{
			{ID: "host-21", Entity: "host", Name: "esx01", Disks: []Disk{}, FileSystems: []interface{}{}, NICs: []NIC{}},
			{ID: "vm-42", Entity: "vm", Name: "sql01", RunsOn: Null, PowerState: "poweredOff", Disks: []Disk{},
				FileSystems: []interface{}{}, NICs: []NIC{}},
		}}
}

func TestWriterAssemblesHeaderSamplesEnd(t *testing.T) {
	cases := []struct {
		name    string
		samples []Sample
		written int
		refused int
	}{
		{"two entities interleaved", []Sample{
			{Type: "sample", Host: "host-21", TMs: 20000, IntervalMs: 20000}, {Type: "sample", Host: "vm-42", TMs: 20000},
			{Type: "sample", Host: "host-21", TMs: 40000}, {Type: "sample", Host: "vm-42", TMs: 40000},
		}, 4, 0},
		{"a repeated timestamp is refused", []Sample{
			{Type: "sample", Host: "host-21", TMs: 20000}, {Type: "sample", Host: "host-21", TMs: 20000},
		}, 1, 1},
		{"an older timestamp is refused", []Sample{
			{Type: "sample", Host: "host-21", TMs: 40000}, {Type: "sample", Host: "host-21", TMs: 20000},
			{Type: "sample", Host: "host-21", TMs: 60000},
		}, 2, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "out.iokit")
			w, err := NewWriter(path)
			if err != nil {
				t.Fatal(err)
			}
			refused := 0
			for _, s := range c.samples {
				if err := w.Write(s); err != nil {
					refused++
				}
			}
			if refused != c.refused || w.Count() != int64(c.written) {
				t.Fatalf("refused %d written %d, want %d and %d", refused, w.Count(), c.refused, c.written)
			}
			if first, last, ok := w.Span(); !ok || first.UnixMilli() != c.samples[0].TMs-c.samples[0].IntervalMs || last.UnixMilli() < c.samples[0].TMs {
				t.Errorf("span %v … %v", first, last)
			}
			if err := w.Finish(header()); err != nil {
				t.Fatal(err)
			}
			lines := readLines(t, path)
			if len(lines) != c.written+2 {
				t.Fatalf("%d lines, want %d", len(lines), c.written+2)
			}
			if lines[0]["type"] != "header" || lines[0]["formatVersion"] != float64(3) {
				t.Errorf("first line %v", lines[0])
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
	w, err := NewWriter(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Finish(header()); !errors.Is(err, ErrNoSamples) {
		t.Fatalf("Finish = %v, want ErrNoSamples", err)
	}
	for _, p := range []string{path, path + ".samples", path + ".tmp"} {
		if _, err := os.Stat(p); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s exists", p)
		}
	}
}
