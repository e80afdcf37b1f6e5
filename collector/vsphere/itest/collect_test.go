package itest

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/vmware/govmomi"
	"github.com/vmware/govmomi/view"
	"github.com/vmware/govmomi/vim25/mo"
	"github.com/vmware/govmomi/vim25/types"
)

// model is the simulator's inventory, read by this test with its own govmomi query.
type model struct {
	datacenters, clusters []string
	hosts                 map[string]mo.HostSystem
	vms                   map[string]mo.VirtualMachine
	datastores            map[string]mo.Datastore
}

func readModel(t *testing.T, rawURL string) model {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	u, err := url.Parse(rawURL)
	if err != nil {
		t.Fatal(err)
	}
	c, err := govmomi.NewClient(ctx, u, true)
	if err != nil {
		t.Fatalf("the test's own client: %v", err)
	}
	defer func() { _ = c.Logout(ctx) }()
	v, err := view.NewManager(c.Client).CreateContainerView(ctx, c.ServiceContent.RootFolder, nil, true)
	if err != nil {
		t.Fatal(err)
	}
	var dcs []mo.Datacenter
	var cls []mo.ClusterComputeResource
	var hs []mo.HostSystem
	var ms []mo.VirtualMachine
	var ds []mo.Datastore
	for _, q := range []struct {
		kind  string
		props []string
		dst   interface{}
	}{
		{"Datacenter", []string{"name"}, &dcs},
		{"ClusterComputeResource", []string{"name"}, &cls},
		{"HostSystem", []string{"name", "parent", "summary.hardware", "config.network.pnic", "config.dateTimeInfo", "datastore"}, &hs},
		{"VirtualMachine", []string{"name", "runtime", "config", "storage"}, &ms},
		{"Datastore", []string{"name", "summary", "host"}, &ds},
	} {
		if err := v.Retrieve(ctx, []string{q.kind}, q.props, q.dst); err != nil {
			t.Fatalf("%s: %v", q.kind, err)
		}
	}
	m := model{hosts: map[string]mo.HostSystem{}, vms: map[string]mo.VirtualMachine{}, datastores: map[string]mo.Datastore{}}
	for _, x := range dcs {
		m.datacenters = append(m.datacenters, x.Self.Value)
	}
	for _, x := range cls {
		m.clusters = append(m.clusters, x.Self.Value)
	}
	sort.Strings(m.datacenters)
	sort.Strings(m.clusters)
	for _, x := range hs {
		m.hosts[x.Self.Value] = x
	}
	for _, x := range ms {
		m.vms[x.Self.Value] = x
	}
	for _, x := range ds {
		m.datastores[x.Self.Value] = x
	}
	return m
}

// served reads the harness's log: entity|counter|datastore-or-adapter|tMs → value, the datastore instance mapped
// to the datastore's id by this test (its URL's last element, or the id itself).
func readServed(t *testing.T, path string, m model) (map[string]int64, map[string]map[int64]bool) {
	t.Helper()
	byInstance := map[string]string{}
	for id, d := range m.datastores {
		byInstance[id] = id
		if strings.HasPrefix(d.Summary.Url, "ds:///vmfs/volumes/") {
			byInstance[strings.Trim(strings.TrimPrefix(d.Summary.Url, "ds:///vmfs/volumes/"), "/")] = id
		}
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	values := map[string]int64{}
	stamps := map[string]map[int64]bool{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var s struct {
			Entity, Counter, Instance string
			TMs                       int64
			Value                     int64
		}
		if err := json.Unmarshal(sc.Bytes(), &s); err != nil {
			t.Fatal(err)
		}
		inst := s.Instance
		if strings.HasPrefix(s.Counter, "datastore.") && inst != "" {
			id, ok := byInstance[inst]
			if !ok {
				t.Fatalf("the harness served an instance %q of no datastore", inst)
			}
			inst = id
		}
		values[fmt.Sprintf("%s|%s|%s|%d", s.Entity, s.Counter, inst, s.TMs)] = s.Value
		if stamps[s.Entity] == nil {
			stamps[s.Entity] = map[int64]bool{}
		}
		stamps[s.Entity][s.TMs] = true
	}
	return values, stamps
}

func num(v interface{}) (float64, bool) {
	n, ok := v.(json.Number)
	if !ok {
		return 0, false
	}
	f, err := n.Float64()
	return f, err == nil
}

func str(v interface{}) string { s, _ := v.(string); return s }

func list(v interface{}) []interface{} { l, _ := v.([]interface{}); return l }

func obj(v interface{}) map[string]interface{} { o, _ := v.(map[string]interface{}); return o }

// TestCollectsWhatTheSimulatorServed runs the collector for 45 s against the harness and checks the file against
// the simulator's model (read independently) and against every value the harness recorded serving. A limit of 4 KB
// per file splits the collection into parts (issue #41): each part's header is checked against the model, the union
// of their samples against what was served, no entity's timestamp in two parts, and the demo API reads each part.
func TestCollectsWhatTheSimulatorServed(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	servedLog := filepath.Join(dir, "served.jsonl")
	s := startSim(t, "-clusters", "2", "-hosts", "2", "-standalone", "1", "-vms", "2", "-datastores", "3",
		"-off", "1", "-suspended", "1", "-vsan", "1", "-record", servedLog)
	m := readModel(t, s.URL)
	out := filepath.Join(dir, "out.iokit")
	// Re-reads every 15 s let the intervals settle (and parts end) during the run, not only at its end.
	r := runCollector(t, "pass", 3*time.Minute, "-server", s.server(), "-user", "user", "-duration", "45s", "-progress",
		"-rescan", "15s", "-max-file-size", "4KB", "-o", out)
	if r.code != 0 || !strings.HasPrefix(r.lastLine(), "Done: ") {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	if !strings.Contains(r.stderr, "iokit-vsphere: 5 hosts, 6 VMs (4 powered on), ") || !strings.Contains(r.stderr, " left\n") {
		t.Errorf("no progress line: %s", r.stderr)
	}
	parts := readParts(t, out, 4096)
	// Which part is written when the progress line is printed depends on the clock: it names one.
	if !strings.Contains(r.stderr, ", writing part 1 (") || !strings.Contains(r.stderr, "iokit-vsphere: part 1 is complete: "+parts[0].path+" (") ||
		!strings.Contains(r.lastLine(), fmt.Sprintf(" are in %d parts: %s … %s.", len(parts), parts[0].path, parts[len(parts)-1].path)) {
		t.Errorf("the progress does not say which part it writes, or the closing sentence which parts were written: %s", r.stderr)
	}
	reader, why := demoReader(t)
	var samples []record
	entities := map[string]map[string]interface{}{}
	for _, p := range parts {
		samples = append(samples, p.samples...)
		entities = checkHeader(t, p.header, m)
		if reader != "" {
			if got, want := readWithDemoAPI(t, reader, p.path), fmt.Sprintf("%d %d", len(entities), len(p.samples)); got != want {
				t.Errorf("the demo API read %s as %q, want %q (entities, samples)", p.path, got, want)
			}
		}
	}
	if reader == "" {
		t.Logf("the parts are not read by the demo API: %s", why)
	}
	checkSamples(t, samples, entities, parts[0].start, parts[len(parts)-1].end, m, servedLog)
	t.Logf("%d parts", len(parts))
}

// checkHeader checks a file's header against the simulator's model and gives its entries by id.
func checkHeader(t *testing.T, header record, m model) map[string]map[string]interface{} {
	t.Helper()
	if header["format"] != "iokit" || header["formatVersion"] != json.Number("3") || header["intervalSeconds"] != json.Number("20") {
		t.Errorf("header fields: %v %v %v", header["format"], header["formatVersion"], header["intervalSeconds"])
	}
	if src := obj(header["source"]); src["kind"] != "vcenter" || !strings.Contains(str(src["version"]), "vCenter") {
		t.Errorf("source %v", src)
	}
	var dcs, cls []string
	for _, d := range list(header["datacenters"]) {
		dcs = append(dcs, str(obj(d)["id"]))
	}
	for _, c := range list(header["clusters"]) {
		cls = append(cls, str(obj(c)["id"]))
		if str(obj(c)["datacenterId"]) != m.datacenters[0] {
			t.Errorf("cluster %v: datacenter", c)
		}
	}
	sort.Strings(cls)
	if fmt.Sprint(dcs) != fmt.Sprint(m.datacenters) || fmt.Sprint(cls) != fmt.Sprint(m.clusters) {
		t.Errorf("datacenters %v clusters %v, model %v %v", dcs, cls, m.datacenters, m.clusters)
	}
	if len(m.hosts) != 5 || len(m.vms) != 6 || len(m.datastores) != 3 || len(m.clusters) != 2 {
		t.Fatalf("the model is not the one asked for: %d hosts %d VMs %d datastores %d clusters", len(m.hosts), len(m.vms), len(m.datastores), len(m.clusters))
	}
	dsList := list(header["datastores"])
	if len(dsList) != len(m.datastores) {
		t.Errorf("%d datastores, model %d", len(dsList), len(m.datastores))
	}
	for _, x := range dsList {
		d := obj(x)
		md, ok := m.datastores[str(d["id"])]
		if !ok {
			t.Errorf("datastore %v not in the model", d["id"])
			continue
		}
		capacity, _ := num(d["capacityBytes"])
		free, _ := num(d["freeBytes"])
		if capacity != float64(md.Summary.Capacity) || free != float64(md.Summary.FreeSpace) || str(d["type"]) != md.Summary.Type || str(d["name"]) != md.Name {
			t.Errorf("datastore %v vs model %+v", d, md.Summary)
		}
		var mounts, want []string
		for _, h := range list(d["hosts"]) {
			mounts = append(mounts, str(h))
		}
		for _, h := range md.Host {
			want = append(want, h.Key.Value)
		}
		sort.Strings(mounts)
		sort.Strings(want)
		if fmt.Sprint(mounts) != fmt.Sprint(want) {
			t.Errorf("datastore %v hosts %v, model %v", d["id"], mounts, want)
		}
	}

	entities := map[string]map[string]interface{}{}
	counts := map[string]int{}
	zones := map[string]bool{}
	for _, x := range list(header["hosts"]) {
		h := obj(x)
		id := str(h["id"])
		entities[id] = h
		counts[str(h["entity"])]++
		switch h["entity"] {
		case "host":
			mh, ok := m.hosts[id]
			if !ok {
				t.Errorf("host %s not in the model", id)
				continue
			}
			cores, _ := num(obj(h["cpu"])["cores"])
			memory, _ := num(h["memoryBytes"])
			if cores != float64(mh.Summary.Hardware.NumCpuThreads) || memory != float64(mh.Summary.Hardware.MemorySize) || h["machine"] != "physical" {
				t.Errorf("host %s: cores %v memory %v", id, cores, memory)
			}
			wantCluster := interface{}(nil)
			if mh.Parent.Type == "ClusterComputeResource" {
				wantCluster = mh.Parent.Value
			}
			if h["clusterId"] != wantCluster {
				t.Errorf("host %s cluster %v, model %v", id, h["clusterId"], wantCluster)
			}
			// The harness's three time zones, as the format writes them (an IANA name, or the offset).
			zone := map[string]string{"UTC": "UTC", "Europe/Berlin": "Europe/Berlin", "India Standard Time": "+05:30"}
			if dt := mh.Config.DateTimeInfo; dt == nil || h["timeZone"] != zone[dt.TimeZone.Key] || zone[dt.TimeZone.Key] == "" {
				t.Errorf("host %s: timeZone %v, model %+v", id, h["timeZone"], dt)
			}
			zones[str(h["timeZone"])] = true
			if len(list(h["disks"])) != len(mh.Datastore) || len(list(h["nics"])) != len(mh.Config.Network.Pnic) {
				t.Errorf("host %s: %d disks %d nics", id, len(list(h["disks"])), len(list(h["nics"])))
			}
			for _, d := range list(h["disks"]) {
				disk := obj(d)
				if disk["datastoreId"] != disk["id"] || disk["layer"] != "disk" {
					t.Errorf("host %s disk %v", id, disk)
				}
				if wantCluster != nil && (disk["kind"] != "shared" || disk["clusterId"] != wantCluster) {
					t.Errorf("host %s in a cluster: its datastore mounted by every host is shared: %v", id, disk)
				}
			}
		case "vm":
			mv, ok := m.vms[id]
			if !ok {
				t.Errorf("VM %s not in the model", id)
				continue
			}
			counts[str(h["powerState"])]++
			if h["timeZone"] != "UTC" {
				t.Errorf("VM %s: timeZone %v (vSphere does not report a guest's zone: UTC)", id, h["timeZone"])
			}
			if h["powerState"] != string(mv.Runtime.PowerState) || h["runsOn"] != mv.Runtime.Host.Value || h["machine"] != "virtual" {
				t.Errorf("VM %s: %v on %v, model %v on %v", id, h["powerState"], h["runsOn"], mv.Runtime.PowerState, mv.Runtime.Host.Value)
			}
			cores, _ := num(obj(h["cpu"])["cores"])
			memory, _ := num(h["memoryBytes"])
			if cores != float64(mv.Config.Hardware.NumCPU) || memory != float64(mv.Config.Hardware.MemoryMB)*1024*1024 || h["os"] != mv.Config.GuestFullName {
				t.Errorf("VM %s: cores %v memory %v os %v", id, cores, memory, h["os"])
			}
			usage := map[string]types.VirtualMachineUsageOnDatastore{}
			for _, u := range mv.Storage.PerDatastoreUsage {
				usage[u.Datastore.Value] = u
			}
			if len(list(h["disks"])) != len(usage) || len(usage) == 0 {
				t.Errorf("VM %s: %d disks, %d datastores used", id, len(list(h["disks"])), len(usage))
			}
			for _, d := range list(h["disks"]) {
				disk := obj(d)
				u := usage[str(disk["id"])]
				capacity, _ := num(disk["capacityBytes"])
				used, _ := num(disk["usedBytes"])
				if capacity != float64(u.Committed+u.Uncommitted) || used != float64(u.Committed) || u.Committed == 0 {
					t.Errorf("VM %s disk %v: model committed %d uncommitted %d", id, disk, u.Committed, u.Uncommitted)
				}
			}
			var keys []string
			for _, dev := range mv.Config.Hardware.Device {
				if card, ok := dev.(types.BaseVirtualEthernetCard); ok {
					keys = append(keys, strconv.Itoa(int(card.GetVirtualEthernetCard().Key)))
				}
			}
			var nics []string
			for _, n := range list(h["nics"]) {
				nics = append(nics, str(obj(n)["id"]))
			}
			if fmt.Sprint(nics) != fmt.Sprint(keys) || len(keys) == 0 {
				t.Errorf("VM %s nics %v, model %v", id, nics, keys)
			}
		}
	}
	if len(zones) != 3 {
		t.Errorf("the hosts' time zones %v: the harness serves three", zones)
	}
	modelPower := map[string]int{}
	for _, v := range m.vms {
		modelPower[string(v.Runtime.PowerState)]++
	}
	if counts["host"] != len(m.hosts) || counts["vm"] != len(m.vms) || counts["poweredOn"] != modelPower["poweredOn"] ||
		counts["poweredOff"] != modelPower["poweredOff"] || counts["suspended"] != modelPower["suspended"] {
		t.Errorf("inventory counts %v, model %d hosts %d VMs %v", counts, len(m.hosts), len(m.vms), modelPower)
	}
	if modelPower["poweredOff"] != 1 || modelPower["suspended"] != 1 {
		t.Errorf("the model should have one VM powered off and one suspended: %v", modelPower)
	}
	return entities
}

// checkSamples checks every sample value against what the harness served (converted as the format's table says),
// each sample's interval within start … end, and every timestamp served written once.
func checkSamples(t *testing.T, samples []record, entities map[string]map[string]interface{}, start, end time.Time, m model, servedLog string) {
	t.Helper()
	served, stamps := readServed(t, servedLog, m)
	scale := map[string]float64{"cpu.usage.average": 0.01, "cpu.usagemhz.average": 1, "mem.consumed.average": 1024,
		"mem.active.average": 1024, "datastore.numberReadAveraged.average": 1, "datastore.numberWriteAveraged.average": 1,
		"datastore.read.average": 1024, "datastore.write.average": 1024, "datastore.totalReadLatency.average": 1,
		"datastore.totalWriteLatency.average": 1, "net.received.average": 1024, "net.transmitted.average": 1024}
	expect := func(entity, counter, instance string, tMs int64) (float64, bool) {
		v, ok := served[fmt.Sprintf("%s|%s|%s|%d", entity, counter, instance, tMs)]
		if !ok || v < 0 {
			return 0, false
		}
		if scale[counter] == 0.01 {
			return float64(v) / 100, true
		}
		return float64(v) * scale[counter], true
	}
	vsan := map[string]bool{}
	for id, d := range m.datastores {
		if d.Summary.Type == "vsan" {
			vsan[id] = true
		}
	}
	if len(vsan) != 1 {
		t.Fatalf("the harness should have one vSAN datastore: %v", vsan)
	}
	vsanNulls := 0
	checked, nullFromMinusOne, nullFromMissing, nullLatency := 0, 0, 0, 0
	compare := func(where string, got interface{}, want float64, known bool, entity, counter, instance string, tMs int64) {
		checked++
		g, isNum := num(got)
		switch {
		case !known && got != nil:
			t.Errorf("%s = %v, want null", where, got)
		case !known:
			if v, ok := served[fmt.Sprintf("%s|%s|%s|%d", entity, counter, instance, tMs)]; ok && v < 0 {
				nullFromMinusOne++
			} else if counter != "" {
				nullFromMissing++
			}
		case !isNum || math.Abs(g-want) > 1e-9*math.Max(1, math.Abs(want)):
			t.Errorf("%s = %v, want %v", where, got, want)
		}
	}
	lastT := map[string]int64{}
	sampledStamps := map[string]map[int64]bool{}
	for i, s := range samples {
		entity := str(s["host"])
		h, ok := entities[entity]
		if !ok {
			t.Fatalf("sample %d of an unknown entity %s", i, entity)
		}
		if h["entity"] == "vm" && h["powerState"] != "poweredOn" {
			t.Errorf("VM %s is %v but has a sample", entity, h["powerState"])
		}
		tMs, _ := s["tMs"].(json.Number).Int64()
		interval, _ := s["intervalMs"].(json.Number).Int64()
		if tMs <= lastT[entity] || tMs%20000 != 0 || interval != 20000 {
			t.Errorf("sample %d of %s: tMs %d after %d, interval %d", i, entity, tMs, lastT[entity], interval)
		}
		lastT[entity] = tMs
		if tMs-interval < start.UnixMilli() || tMs > end.UnixMilli() {
			t.Errorf("sample %d of %s: (%d − %d, %d] is not within the header's %v … %v", i, entity, tMs, interval, tMs, start, end)
		}
		if sampledStamps[entity] == nil {
			sampledStamps[entity] = map[int64]bool{}
		}
		sampledStamps[entity][tMs] = true
		where := fmt.Sprintf("%s@%d", entity, tMs)
		for field, counter := range map[string]string{"cpuPct": "cpu.usage.average", "cpuMhz": "cpu.usagemhz.average",
			"memUsedBytes": "mem.consumed.average", "memActiveBytes": "mem.active.average"} {
			want, known := expect(entity, counter, "", tMs)
			compare(where+" "+field, s[field], want, known, entity, counter, "", tMs)
		}
		disks := obj(s["disks"])
		if len(disks) != len(list(h["disks"])) {
			t.Errorf("%s: %d disks, inventory %d", where, len(disks), len(list(h["disks"])))
		}
		for _, d := range list(h["disks"]) {
			id := str(obj(d)["id"])
			io := obj(disks[id])
			if io == nil {
				t.Errorf("%s: disk %s missing", where, id)
				continue
			}
			for _, pair := range [][3]string{
				{"readIops", "datastore.numberReadAveraged.average", ""}, {"writeIops", "datastore.numberWriteAveraged.average", ""},
				{"readBps", "datastore.read.average", ""}, {"writeBps", "datastore.write.average", ""},
				{"readLatencyMs", "datastore.totalReadLatency.average", "datastore.numberReadAveraged.average"},
				{"writeLatencyMs", "datastore.totalWriteLatency.average", "datastore.numberWriteAveraged.average"},
			} {
				want, known := expect(entity, pair[1], id, tMs)
				if pair[2] != "" {
					if iops, ok := expect(entity, pair[2], id, tMs); !ok || iops == 0 {
						if known {
							nullLatency++
						}
						known = false // no I/O of that direction: latency unknown
					}
				}
				compare(where+" "+id+" "+pair[0], io[pair[0]], want, known, entity, pair[1], id, tMs)
			}
			if vsan[id] {
				// vCenter reports no datastore counters for vSAN: the disk is in the sample, every value null.
				for _, field := range []string{"readIops", "writeIops", "readBps", "writeBps", "readLatencyMs", "writeLatencyMs"} {
					if io[field] != nil {
						t.Errorf("%s: vSAN datastore %s %s = %v, want null", where, id, field, io[field])
					}
				}
				vsanNulls++
			}
			if io["queueDepth"] != nil {
				t.Errorf("%s: queueDepth %v, want null", where, io["queueDepth"])
			}
		}
		nets := obj(s["net"])
		if len(nets) != len(list(h["nics"])) {
			t.Errorf("%s: %d interfaces, inventory %d", where, len(nets), len(list(h["nics"])))
		}
		for _, n := range list(h["nics"]) {
			id := str(obj(n)["id"])
			io := obj(nets[id])
			for field, counter := range map[string]string{"rxBps": "net.received.average", "txBps": "net.transmitted.average"} {
				want, known := expect(entity, counter, id, tMs)
				compare(where+" "+id+" "+field, io[field], want, known, entity, counter, id, tMs)
			}
		}
	}
	// Every timestamp served is written once, and every powered-on entity has samples.
	for entity, h := range entities {
		sampled := h["entity"] == "host" || h["powerState"] == "poweredOn"
		if sampled && len(sampledStamps[entity]) < 2 {
			t.Errorf("%s has %d samples, want at least 2 in 45 s", entity, len(sampledStamps[entity]))
		}
		if fmt.Sprint(keys(sampledStamps[entity])) != fmt.Sprint(keys(stamps[entity])) {
			t.Errorf("%s: written %v, served %v", entity, keys(sampledStamps[entity]), keys(stamps[entity]))
		}
	}
	if vsanNulls == 0 {
		t.Errorf("no sample carried the vSAN datastore")
	}
	if nullFromMinusOne == 0 || nullFromMissing == 0 || nullLatency == 0 {
		t.Errorf("the null paths were not all exercised: -1 %d, not served %d, latency without I/O %d", nullFromMinusOne, nullFromMissing, nullLatency)
	}
	t.Logf("%d samples, %d values checked; null from -1: %d, from a counter not served: %d, latency without I/O: %d",
		len(samples), checked, nullFromMinusOne, nullFromMissing, nullLatency)
}

func keys(m map[int64]bool) []int64 {
	out := make([]int64, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}
