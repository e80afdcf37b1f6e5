package itest

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/vmware/govmomi"
	"github.com/vmware/govmomi/object"
	"github.com/vmware/govmomi/vim25/types"
)

// waitUntil polls a condition (no fixed sleep) and fails the test after limit.
func waitUntil(t *testing.T, limit time.Duration, what string, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(limit)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("after %v: %s", limit, what)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// TestTracksVMsCreatedRemovedAndMoved changes the simulator's inventory while the collector runs (issue #41): a VM
// created and powered on, a VM powered off and destroyed, a VM moved to a host of the other cluster. The file must
// give the new VM an entry and samples from then on, end the removed one's samples with its removedMs, and say where
// the moved one ran last, with the move in its history; the demo API's reader accepts it. The collection is written in
// parts under 4 KB: the inventory changes between parts (the last part's header is checked), and each part is read.
func TestTracksVMsCreatedRemovedAndMoved(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	servedLog := filepath.Join(dir, "served.jsonl")
	s := startSim(t, "-clusters", "2", "-hosts", "2", "-standalone", "0", "-vms", "2", "-datastores", "2",
		"-off", "0", "-suspended", "0", "-record", servedLog)
	m := readModel(t, s.URL)
	clusterOf := map[string]string{}
	for id, h := range m.hosts {
		clusterOf[id] = h.Parent.Value
	}
	var vmIDs []string
	for id := range m.vms {
		vmIDs = append(vmIDs, id)
	}
	sort.Strings(vmIDs)
	if len(vmIDs) != 4 || len(m.clusters) != 2 {
		t.Fatalf("the model: %d VMs, %d clusters", len(vmIDs), len(m.clusters))
	}
	// The VM to move (the last one: the first is the harness's null entity) and a host of the other cluster.
	moved := vmIDs[3]
	from := m.vms[moved].Runtime.Host.Value
	var target string
	for _, id := range sortedHosts(m) {
		if clusterOf[id] != clusterOf[from] {
			target = id
			break
		}
	}
	removed := vmIDs[2]
	// A datastore whose URL is a real folder (the harness gives every other one a VMFS-style URL) for the new VM.
	var dsName, newHost string
	for _, d := range m.datastores {
		if !strings.HasPrefix(d.Summary.Url, "ds:///") {
			dsName = d.Name
		}
	}
	newHost = from

	out := filepath.Join(dir, "churn.iokit")
	cmd, stderr := collector(t, "pass", "-server", s.server(), "-user", "user", "-duration", "70s", "-rescan", "10s",
		"-poll", "10s", "-max-file-size", "4KB", "-o", out)
	waitUntil(t, 60*time.Second, "the collector wrote no samples", func() bool {
		st, err := os.Stat(out + ".samples")
		return err == nil && st.Size() > 0
	})

	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	u, err := url.Parse(s.URL)
	if err != nil {
		t.Fatal(err)
	}
	c, err := govmomi.NewClient(ctx, u, true)
	if err != nil {
		t.Fatalf("the test's own client: %v", err)
	}
	defer func() { _ = c.Logout(ctx) }()
	run := func(what string, task *object.Task, err error) {
		t.Helper()
		if err == nil {
			err = task.Wait(ctx)
		}
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}
	changedAt := time.Now().UnixMilli()
	mv := object.NewVirtualMachine(c.Client, types.ManagedObjectReference{Type: "VirtualMachine", Value: moved})
	targetRef := types.ManagedObjectReference{Type: "HostSystem", Value: target}
	task, err := mv.Relocate(ctx, types.VirtualMachineRelocateSpec{Host: &targetRef}, types.VirtualMachineMovePriorityDefaultPriority)
	run("moving "+moved, task, err)
	rv := object.NewVirtualMachine(c.Client, types.ManagedObjectReference{Type: "VirtualMachine", Value: removed})
	task, err = rv.PowerOff(ctx)
	run("powering off "+removed, task, err)
	task, err = rv.Destroy(ctx)
	run("destroying "+removed, task, err)
	pool, err := object.NewClusterComputeResource(c.Client, types.ManagedObjectReference{Type: "ClusterComputeResource", Value: clusterOf[newHost]}).ResourcePool(ctx)
	if err != nil {
		t.Fatal(err)
	}
	dc := object.NewDatacenter(c.Client, types.ManagedObjectReference{Type: "Datacenter", Value: m.datacenters[0]})
	folders, err := dc.Folders(ctx)
	if err != nil {
		t.Fatal(err)
	}
	hostObj := object.NewHostSystem(c.Client, types.ManagedObjectReference{Type: "HostSystem", Value: newHost})
	task, err = folders.VmFolder.CreateVM(ctx, types.VirtualMachineConfigSpec{Name: "churn-new", GuestId: "otherGuest64",
		NumCPUs: 2, MemoryMB: 64, Files: &types.VirtualMachineFileInfo{VmPathName: "[" + dsName + "]"}}, pool, hostObj)
	if err != nil {
		t.Fatalf("creating a VM: %v", err)
	}
	info, err := task.WaitForResult(ctx)
	if err != nil {
		t.Fatalf("creating a VM: %v", err)
	}
	created := info.Result.(types.ManagedObjectReference).Value
	task, err = object.NewVirtualMachine(c.Client, types.ManagedObjectReference{Type: "VirtualMachine", Value: created}).PowerOn(ctx)
	run("powering on "+created, task, err)
	doneAt := time.Now().UnixMilli()

	r := wait(t, cmd, stderr, 3*time.Minute)
	if r.code != 0 || !strings.HasPrefix(r.lastLine(), "Done: ") {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	// The changes, over however many re-reads saw them.
	var total [4]int
	for _, l := range regexp.MustCompile(`inventory read again: (\d+) added, (\d+) removed, (\d+) moved, (\d+) powered on or off`).FindAllStringSubmatch(r.stderr, -1) {
		for i := range total {
			n, _ := strconv.Atoi(l[i+1])
			total[i] += n
		}
	}
	// Added: the new VM; removed: the destroyed one; moved: one; power: the destroyed VM may be seen off before it
	// is gone, the new one off before it is on (0 to 2).
	if total[0] != 1 || total[1] != 1 || total[2] != 1 || total[3] > 2 {
		t.Errorf("changes said %v: %s", total, r.stderr)
	}

	parts := readParts(t, out, 4096)
	header := parts[len(parts)-1].header
	var samples []record
	for _, p := range parts {
		samples = append(samples, p.samples...)
	}
	entries := map[string]map[string]interface{}{}
	for _, x := range list(header["hosts"]) {
		entries[str(obj(x)["id"])] = obj(x)
	}
	history := func(id string) []map[string]interface{} {
		var h []map[string]interface{}
		for _, p := range list(entries[id]["history"]) {
			h = append(h, obj(p))
		}
		return h
	}
	ms := func(v interface{}) int64 { n, _ := v.(json.Number).Int64(); return n }
	bySample := map[string][]int64{}
	for _, smp := range samples {
		id := str(smp["host"])
		if entries[id] == nil {
			t.Fatalf("a sample of %s, not in the header", id)
		}
		tMs := ms(smp["tMs"])
		if n := len(bySample[id]); n > 0 && tMs <= bySample[id][n-1] {
			t.Errorf("%s: samples not in increasing time", id)
		}
		bySample[id] = append(bySample[id], tMs)
	}

	// The moved VM: where it ran last, the move in its history (seen by a re-read after it happened).
	e := entries[moved]
	if e["runsOn"] != target || e["clusterId"] != clusterOf[target] || e["powerState"] != "poweredOn" {
		t.Errorf("moved VM %s: runsOn %v cluster %v, want %s %s", moved, e["runsOn"], e["clusterId"], target, clusterOf[target])
	}
	if h := history(moved); len(h) != 2 || h[0]["runsOn"] != from || h[0]["clusterId"] != clusterOf[from] ||
		h[1]["runsOn"] != target || h[1]["clusterId"] != clusterOf[target] || ms(h[1]["tMs"]) < changedAt-1000 || ms(h[1]["tMs"]) > doneAt+20000 {
		t.Errorf("moved VM %s history %v (moved between %d and %d)", moved, h, changedAt, doneAt)
	}
	if len(bySample[moved]) < 3 {
		t.Errorf("moved VM %s: %d samples, sampled before and after the move", moved, len(bySample[moved]))
	}

	// The removed VM: its entry stays, removedMs after it was destroyed, no sample after it.
	e = entries[removed]
	if e == nil || e["removedMs"] == nil || ms(e["removedMs"]) < changedAt-1000 {
		t.Fatalf("removed VM %s: %v", removed, e)
	}
	if n := len(bySample[removed]); n == 0 || bySample[removed][n-1] > ms(e["removedMs"]) {
		t.Errorf("removed VM %s: samples %v, removed at %v", removed, bySample[removed], e["removedMs"])
	}
	if len(history(removed)) == 0 || e["powerState"] != "poweredOn" {
		t.Errorf("removed VM %s ran: poweredOn with its history, got %v %v", removed, e["powerState"], e["history"])
	}

	// The new VM: an entry from when it was seen, on its host, samples equal to what the harness served.
	e = entries[created]
	if e == nil || e["entity"] != "vm" || e["name"] != "churn-new" || e["runsOn"] != newHost || e["powerState"] != "poweredOn" {
		t.Fatalf("new VM %s: %v", created, e)
	}
	if cores, _ := num(obj(e["cpu"])["cores"]); cores != 2 {
		t.Errorf("new VM vCPUs %v", cores)
	}
	if h := history(created); len(h) == 0 || ms(h[0]["tMs"]) < changedAt-1000 || e["removedMs"] != nil {
		t.Errorf("new VM %s history %v", created, h)
	}
	served, _ := readServed(t, servedLog, m)
	checked := 0
	for _, smp := range samples {
		if str(smp["host"]) != created {
			continue
		}
		want, ok := served[fmt.Sprintf("%s|cpu.usagemhz.average||%d", created, ms(smp["tMs"]))]
		if got, _ := num(smp["cpuMhz"]); !ok || got != float64(want) {
			t.Errorf("new VM at %v: cpuMhz %v, served %d (%v)", smp["tMs"], smp["cpuMhz"], want, ok)
		}
		checked++
	}
	if checked == 0 {
		t.Errorf("the new VM has no samples: %s", r.stderr)
	}
	// Unchanged VMs write no history.
	for _, id := range vmIDs[:2] {
		if entries[id]["history"] != nil {
			t.Errorf("VM %s did not change: history %v", id, entries[id]["history"])
		}
	}
	if reader, why := demoReader(t); reader != "" {
		for _, p := range parts {
			want := fmt.Sprintf("%d %d", len(list(p.header["hosts"])), len(p.samples))
			if got := readWithDemoAPI(t, reader, p.path); got != want {
				t.Errorf("the demo API read %s as %q, want %q", p.path, got, want)
			}
		}
	} else {
		t.Logf("not read by the demo API: %s", why)
	}
}

func sortedHosts(m model) []string {
	var ids []string
	for id := range m.hosts {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}
