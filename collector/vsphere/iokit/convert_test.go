package iokit

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
)

func f(v float64) *float64 { return &v }

func eq(a, b *float64) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return *a == *b
}

func show(p *float64) string {
	if p == nil {
		return "null"
	}
	b, _ := json.Marshal(*p)
	return string(b)
}

func TestConvert(t *testing.T) {
	cases := []struct {
		name    string
		counter string
		raw     int64
		ok      bool
		want    *float64
	}{
		{"cpu.usage is hundredths of a percent", CPUUsage, 3125, true, f(31.25)},
		{"cpu.usage 7 hundredths stays exact", CPUUsage, 7, true, f(0.07)},
		{"cpu.usage 100 % stays", CPUUsage, 10000, true, f(100)},
		{"cpu.usage over 100 % (turbo boost) is capped at 100", CPUUsage, 10350, true, f(100)},
		{"cpu.usage one hundredth over 100 % is 100", CPUUsage, 10001, true, f(100)},
		{"cpu.usage one hundredth under 100 % stays", CPUUsage, 9999, true, f(99.99)},
		{"cpu.usage far over 100 % is 100, never a share above the whole", CPUUsage, 1000000, true, f(100)},
		{"cpu.usagemhz above the nominal clock is kept: the turbo's work", CPUUsageMHz, 70000, true, f(70000)},
		{"cpu.usagemhz as is", CPUUsageMHz, 40000, true, f(40000)},
		{"mem.consumed KB to bytes", MemConsumed, 268435456, true, f(274877906944)},
		{"mem.active KB to bytes", MemActive, 8388608, true, f(8589934592)},
		{"read IOPS as is", DSReads, 500, true, f(500)},
		{"write IOPS as is", DSWrites, 250, true, f(250)},
		{"datastore.read KB/s to bytes/s", DSRead, 16000, true, f(16384000)},
		{"datastore.write KB/s to bytes/s", DSWrite, 8000, true, f(8192000)},
		{"read latency ms as is", DSReadLatency, 3, true, f(3)},
		{"write latency ms as is", DSWriteLatency, 4, true, f(4)},
		{"net.received KB/s to bytes/s", NetReceived, 1000, true, f(1024000)},
		{"net.transmitted KB/s to bytes/s", NetTransmitted, 500, true, f(512000)},
		{"zero is a measured zero", DSReads, 0, true, f(0)},
		{"-1 is unknown, never 0", CPUUsage, -1, true, nil},
		{"any negative is unknown", NetReceived, -5, true, nil},
		{"not reported is unknown", MemConsumed, 0, false, nil},
		{"an unknown counter is unknown", "disk.usage.average", 10, true, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := Convert(c.counter, c.raw, c.ok); !eq(got, c.want) {
				t.Errorf("Convert(%s, %d, %v) = %s, want %s", c.counter, c.raw, c.ok, show(got), show(c.want))
			}
		})
	}
}

func TestReadingSample(t *testing.T) {
	full := map[Key]int64{
		{CPUUsage, ""}: 3125, {CPUUsageMHz, ""}: 40000, {MemConsumed, ""}: 268435456, {MemActive, ""}: 67108864,
		{DSReads, "ds-1"}: 500, {DSWrites, "ds-1"}: 250, {DSRead, "ds-1"}: 16000, {DSWrite, "ds-1"}: 8000,
		{DSReadLatency, "ds-1"}: 1, {DSWriteLatency, "ds-1"}: 2,
		{NetReceived, "vmnic0"}: 1000, {NetTransmitted, "vmnic0"}: 500,
	}
	cases := []struct {
		name   string
		values map[Key]int64
		check  func(t *testing.T, s Sample)
	}{
		{"every counter reported: the format's example host", full, func(t *testing.T, s Sample) {
			d := s.Disks["ds-1"]
			want := []struct {
				name      string
				got, want *float64
			}{
				{"cpuPct", s.CPUPct, f(31.25)}, {"cpuMhz", s.CPUMhz, f(40000)},
				{"memUsedBytes", s.MemUsedBytes, f(274877906944)}, {"memActiveBytes", s.MemActiveBytes, f(68719476736)},
				{"readIops", d.ReadIops, f(500)}, {"writeIops", d.WriteIops, f(250)},
				{"readBps", d.ReadBps, f(16384000)}, {"writeBps", d.WriteBps, f(8192000)},
				{"readLatencyMs", d.ReadLatencyMs, f(1)}, {"writeLatencyMs", d.WriteLatencyMs, f(2)},
				{"queueDepth", d.QueueDepth, nil},
				{"rxBps", s.Net["vmnic0"].RxBps, f(1024000)}, {"txBps", s.Net["vmnic0"].TxBps, f(512000)},
			}
			for _, w := range want {
				if !eq(w.got, w.want) {
					t.Errorf("%s = %s, want %s", w.name, show(w.got), show(w.want))
				}
			}
		}},
		{"nothing reported: every field null, every disk and interface present", map[Key]int64{}, func(t *testing.T, s Sample) {
			if s.CPUPct != nil || s.CPUMhz != nil || s.MemUsedBytes != nil || s.MemActiveBytes != nil {
				t.Errorf("entity values should be null: %+v", s)
			}
			d, ok := s.Disks["ds-1"]
			if !ok || d.ReadIops != nil || d.ReadBps != nil || d.ReadLatencyMs != nil || d.WriteLatencyMs != nil {
				t.Errorf("disk should be present with nulls: %+v (present %v)", d, ok)
			}
			if n, ok := s.Net["vmnic0"]; !ok || n.RxBps != nil || n.TxBps != nil {
				t.Errorf("interface should be present with nulls: %+v", n)
			}
		}},
		{"no reads: read latency null though reported, write latency kept", map[Key]int64{
			{DSReads, "ds-1"}: 0, {DSReadLatency, "ds-1"}: 0, {DSWrites, "ds-1"}: 3, {DSWriteLatency, "ds-1"}: 4,
		}, func(t *testing.T, s Sample) {
			d := s.Disks["ds-1"]
			if d.ReadLatencyMs != nil || !eq(d.ReadIops, f(0)) || !eq(d.WriteLatencyMs, f(4)) {
				t.Errorf("got readIops %s readLatency %s writeLatency %s", show(d.ReadIops), show(d.ReadLatencyMs), show(d.WriteLatencyMs))
			}
		}},
		{"unknown IOPS (-1): latency null", map[Key]int64{{DSWrites, "ds-1"}: -1, {DSWriteLatency, "ds-1"}: 4}, func(t *testing.T, s Sample) {
			if d := s.Disks["ds-1"]; d.WriteIops != nil || d.WriteLatencyMs != nil {
				t.Errorf("got %s / %s, want null / null", show(d.WriteIops), show(d.WriteLatencyMs))
			}
		}},
		{"-1 for one counter leaves the others", map[Key]int64{{CPUUsage, ""}: -1, {CPUUsageMHz, ""}: 12}, func(t *testing.T, s Sample) {
			if s.CPUPct != nil || !eq(s.CPUMhz, f(12)) {
				t.Errorf("got cpuPct %s cpuMhz %s", show(s.CPUPct), show(s.CPUMhz))
			}
		}},
		{"another datastore's values are not this one's", map[Key]int64{{DSReads, "ds-2"}: 9}, func(t *testing.T, s Sample) {
			if s.Disks["ds-1"].ReadIops != nil {
				t.Errorf("ds-1 readIops %s, want null", show(s.Disks["ds-1"].ReadIops))
			}
			if _, ok := s.Disks["ds-2"]; ok {
				t.Errorf("ds-2 is not in the entity's inventory and must not be written")
			}
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := Reading{Entity: "host-21", TMs: 1794787220000, IntervalMs: 20000, Values: c.values}
			s := r.Sample([]string{"ds-1"}, []string{"vmnic0"})
			if s.Type != "sample" || s.Host != "host-21" || s.TMs != 1794787220000 || s.IntervalMs != 20000 {
				t.Fatalf("record fields: %+v", s)
			}
			c.check(t, s)
		})
	}
}

func TestSampleJSON(t *testing.T) {
	r := Reading{Entity: "vm-42", TMs: 1794787220000, IntervalMs: 20000, Values: map[Key]int64{
		{CPUUsage, ""}: 4000, {MemConsumed, ""}: 29360128, {DSReads, "datastore-61"}: 0,
	}}
	b, err := json.Marshal(r.Sample([]string{"datastore-61"}, []string{"4000"}))
	if err != nil {
		t.Fatal(err)
	}
	want := `{"type":"sample","tMs":1794787220000,"intervalMs":20000,"host":"vm-42","cpuPct":40,"cpuMhz":null,"memUsedBytes":30064771072,"memActiveBytes":null,"disks":{"datastore-61":{"readIops":0,"writeIops":null,"readBps":null,"writeBps":null,"readLatencyMs":null,"writeLatencyMs":null,"queueDepth":null}},"net":{"4000":{"rxBps":null,"txBps":null}}}`
	if string(b) != want {
		t.Errorf("got  %s\nwant %s", b, want)
	}
}

func TestDatastoreIndex(t *testing.T) {
	idx := NewDatastoreIndex([]Datastore{
		{ID: "datastore-61", URL: "ds:///vmfs/volumes/5f8a1c2d-3e4f5a6b-7c8d-0050569a1234/"},
		{ID: "datastore-62", URL: "ds:///vmfs/volumes/vsan:52a2b3c4d5e6f7a8-9b0c1d2e3f4a5b6c/"},
		{ID: "datastore-63", URL: "ds:///vmfs/volumes/8f2c3d4e-1a2b3c4d/"},
		{ID: "datastore-64", URL: "/tmp/local-ds"},
	})
	cases := []struct {
		instance string
		want     string
		ok       bool
	}{
		{"datastore-61", "datastore-61", true},
		{"5f8a1c2d-3e4f5a6b-7c8d-0050569a1234", "datastore-61", true},
		{"5F8A1C2D-3E4F5A6B-7C8D-0050569A1234", "datastore-61", true},
		{"vsan:52a2b3c4d5e6f7a8-9b0c1d2e3f4a5b6c", "datastore-62", true},
		{"8f2c3d4e-1a2b3c4d", "datastore-63", true},
		{"datastore-64", "datastore-64", true},
		{"", "", false},
		{"00000000-00000000", "", false},
		{"datastore-99", "", false},
	}
	for _, c := range cases {
		t.Run(c.instance, func(t *testing.T) {
			got, ok := idx.Resolve(c.instance)
			if got != c.want || ok != c.ok {
				t.Errorf("Resolve(%q) = %q, %v; want %q, %v", c.instance, got, ok, c.want, c.ok)
			}
		})
	}
}

func TestURLUUID(t *testing.T) {
	cases := map[string]string{
		"ds:///vmfs/volumes/5f8a1c2d-3e4f5a6b/":        "5f8a1c2d-3e4f5a6b",
		"ds:///vmfs/volumes/5f8a1c2d-3e4f5a6b":         "5f8a1c2d-3e4f5a6b",
		"ds:///vmfs/volumes/vvol:6a8b7c/":              "vvol:6a8b7c",
		"ds:///vmfs/volumes/5f8a/sub/":                 "",
		"/tmp/govcsim-DC0-LocalDS_0":                   "",
		"":                                             "",
		"ds:///vmfs/volumes/":                          "",
		"nfs://10.0.0.5/export/ds1/":                   "",
		"ds:///vmfs/volumes/ac71b3e2-51b0f9a3-0000-1/": "ac71b3e2-51b0f9a3-0000-1",
	}
	for url, want := range cases {
		if got := URLUUID(url); got != want {
			t.Errorf("URLUUID(%q) = %q, want %q", url, got, want)
		}
	}
}

func TestParseDuration(t *testing.T) {
	cases := []struct {
		in   string
		want time.Duration
		ok   bool
	}{
		{"10m", 10 * time.Minute, true},
		{"90s", 90 * time.Second, true},
		{"12h", 12 * time.Hour, true},
		{"7d", 7 * 24 * time.Hour, true},
		{"1d12h", 36 * time.Hour, true},
		{"0.5d", 12 * time.Hour, true},
		{" 2d ", 48 * time.Hour, true},
		{"1h30m", 90 * time.Minute, true},
		{"0s", 0, false},
		{"0d", 0, false},
		{"-5m", 0, false},
		{"-1d", 0, false},
		{"", 0, false},
		{"7", 0, false},
		{"week", 0, false},
		{"d", 0, false},
		{"5x", 0, false},
	}
	for _, c := range cases {
		t.Run(c.in, func(t *testing.T) {
			got, err := ParseDuration(c.in)
			if (err == nil) != c.ok || got != c.want {
				t.Errorf("ParseDuration(%q) = %v, %v; want %v, ok %v", c.in, got, err, c.want, c.ok)
			}
		})
	}
}

func TestPerInstance(t *testing.T) {
	for counter, want := range map[string]bool{
		CPUUsage: false, CPUUsageMHz: false, MemConsumed: false, MemActive: false,
		DSReads: true, DSWrites: true, DSRead: true, DSWrite: true, DSReadLatency: true, DSWriteLatency: true,
		NetReceived: true, NetTransmitted: true,
	} {
		if got := PerInstance(counter); got != want {
			t.Errorf("PerInstance(%s) = %v, want %v", counter, got, want)
		}
	}
	if len(Counters) != len(Scale) {
		t.Errorf("every counter asked for has a conversion: %d counters, %d scales", len(Counters), len(Scale))
	}
}

func TestTimeZone(t *testing.T) {
	cases := []struct {
		name      string
		key, zone string
		offset    int32
		ok        bool
		want      string
	}{
		{"ESXi's own UTC", "UTC", "UTC", 0, true, "UTC"},
		{"an IANA key", "Europe/Berlin", "Berlin", 3600, true, "Europe/Berlin"},
		{"a key of no accepted form, an IANA name", "W. Europe Standard Time", "Europe/Amsterdam", 3600, true, "Europe/Amsterdam"},
		{"neither of a form: the offset", "India Standard Time", "India Standard Time", 19800, true, "+05:30"},
		{"a negative offset", "", "", -(3*3600 + 30*60), true, "-03:30"},
		{"an offset key", "+02:00", "", 7200, true, "+02:00"},
		{"a zero offset without a name", "", "", 0, true, "+00:00"},
		{"an offset past 23:59 is not one", "", "", 24 * 3600, true, "UTC"},
		{"a key over 64 characters is not one", "Europe/" + strings.Repeat("x", 60), "", 3600, true, "+01:00"},
		{"no dateTimeInfo: ESXi keeps UTC", "", "", 0, false, "UTC"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := TimeZone(c.key, c.zone, c.offset, c.ok); got != c.want {
				t.Errorf("TimeZone(%q, %q, %d, %v) = %q, want %q", c.key, c.zone, c.offset, c.ok, got, c.want)
			}
		})
	}
}
