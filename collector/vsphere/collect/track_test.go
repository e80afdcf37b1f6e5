package collect

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"iokit/vsphere/iokit"

	"github.com/vmware/govmomi/vim25/types"
)

// inventory builds a read of the inventory: hosts (id → cluster, "" for none) and VMs (id → host, power state,
// datastore ids); powered-on VMs and every host are sampled.
type vmAt struct {
	host, power string
	disks       []string
}

func inventory(hosts map[string]string, vms map[string]vmAt) *Inventory {
	inv := &Inventory{}
	cluster := map[string]*string{}
	for _, id := range iokit.SortedKeys(keySet(hosts)) {
		var c *string
		if hosts[id] != "" {
			c = str(hosts[id])
		}
		cluster[id] = c
		inv.Hosts = append(inv.Hosts, iokit.Host{ID: id, Entity: "host", ClusterID: c})
		inv.Sampled = append(inv.Sampled, Entity{Ref: types.ManagedObjectReference{Type: "HostSystem", Value: id}})
	}
	for _, id := range iokit.SortedKeys(keySet(vms)) {
		v := vms[id]
		h := iokit.Host{ID: id, Entity: "vm", PowerState: v.power, RunsOn: iokit.Null}
		if v.host != "" {
			h.RunsOn, h.ClusterID = v.host, cluster[v.host]
		}
		for _, d := range v.disks {
			h.Disks = append(h.Disks, iokit.Disk{ID: d, DatastoreID: str(d)})
		}
		inv.Hosts = append(inv.Hosts, h)
		if v.power == "poweredOn" {
			inv.Sampled = append(inv.Sampled, entityOf(types.ManagedObjectReference{Type: "VirtualMachine", Value: id}, h))
		}
	}
	return inv
}

func keySet[V any](m map[string]V) map[string]bool {
	out := map[string]bool{}
	for k := range m {
		out[k] = true
	}
	return out
}

func sampled(inv *Inventory) string {
	var ids []string
	for _, e := range inv.Sampled {
		ids = append(ids, fmt.Sprintf("%s%v", e.Ref.Value, e.Disks))
	}
	return fmt.Sprint(ids)
}

func history(h iokit.Host) string {
	var out []string
	for _, p := range h.History {
		on, cl := "null", "null"
		if p.RunsOn != nil {
			on = *p.RunsOn
		}
		if p.ClusterID != nil {
			cl = *p.ClusterID
		}
		out = append(out, fmt.Sprintf("%d:%s/%s/%s", p.TMs, on, cl, p.PowerState))
	}
	return fmt.Sprint(out)
}

func TestTracker(t *testing.T) {
	hosts := map[string]string{"host-1": "c1", "host-2": "c1", "host-3": "c2"}
	start := inventory(hosts, map[string]vmAt{
		"vm-1": {"host-1", "poweredOn", []string{"ds-1"}},
		"vm-2": {"host-1", "poweredOn", []string{"ds-1", "ds-2"}},
		"vm-3": {"host-2", "poweredOff", []string{"ds-1"}},
	})
	const t0, t1, t2 = 1000, 301000, 601000
	cases := []struct {
		name  string
		reads []*Inventory // read again at t1, t2
		// per entity in the header: runsOn clusterId powerState removedMs history; "-" for an entity not in it
		want    map[string]string
		sampled string
		changes string // of the last read
	}{
		{"nothing changes: no history is written", []*Inventory{start},
			map[string]string{"vm-1": "host-1 c1 poweredOn <nil> []", "vm-3": "host-2 c1 poweredOff <nil> []"},
			"[host-1[] host-2[] host-3[] vm-1[ds-1] vm-2[ds-1 ds-2]]", "{0 0 0 0}"},
		{"a VM moved to another cluster's host: runsOn and clusterId are the last, the move is in its history",
			[]*Inventory{inventory(hosts, map[string]vmAt{
				"vm-1": {"host-3", "poweredOn", []string{"ds-1"}}, "vm-2": {"host-1", "poweredOn", []string{"ds-1", "ds-2"}},
				"vm-3": {"host-2", "poweredOff", []string{"ds-1"}}})},
			map[string]string{"vm-1": "host-3 c2 poweredOn <nil> [1000:host-1/c1/poweredOn 301000:host-3/c2/poweredOn]",
				"vm-2": "host-1 c1 poweredOn <nil> []"},
			"[host-1[] host-2[] host-3[] vm-1[ds-1] vm-2[ds-1 ds-2]]", "{0 0 1 0}"},
		{"a VM created and powered on mid-run: an entry from then on, sampled",
			[]*Inventory{inventory(hosts, map[string]vmAt{
				"vm-1": {"host-1", "poweredOn", []string{"ds-1"}}, "vm-2": {"host-1", "poweredOn", []string{"ds-1", "ds-2"}},
				"vm-3": {"host-2", "poweredOff", []string{"ds-1"}}, "vm-9": {"host-2", "poweredOn", []string{"ds-2"}}})},
			map[string]string{"vm-9": "host-2 c1 poweredOn <nil> [301000:host-2/c1/poweredOn]"},
			"[host-1[] host-2[] host-3[] vm-1[ds-1] vm-2[ds-1 ds-2] vm-9[ds-2]]", "{1 0 0 0}"},
		{"a VM removed mid-run keeps its entry with removedMs and is no longer sampled",
			[]*Inventory{inventory(hosts, map[string]vmAt{
				"vm-1": {"host-1", "poweredOn", []string{"ds-1"}}, "vm-3": {"host-2", "poweredOff", []string{"ds-1"}}})},
			map[string]string{"vm-2": "host-1 c1 poweredOn 301000 [1000:host-1/c1/poweredOn]"},
			"[host-1[] host-2[] host-3[] vm-1[ds-1]]", "{0 1 0 0}"},
		{"removed is said once; a second read without it changes nothing",
			[]*Inventory{inventory(hosts, map[string]vmAt{"vm-1": {"host-1", "poweredOn", []string{"ds-1"}}}),
				inventory(hosts, map[string]vmAt{"vm-1": {"host-1", "poweredOn", []string{"ds-1"}}})},
			map[string]string{"vm-2": "host-1 c1 poweredOn 301000 [1000:host-1/c1/poweredOn]",
				"vm-3": "host-2 c1 poweredOff 301000 [1000:host-2/c1/poweredOff]"},
			"[host-1[] host-2[] host-3[] vm-1[ds-1]]", "{0 0 0 0}"},
		{"a VM powered off mid-run ran: its header says poweredOn (it has samples), its history when it stopped",
			[]*Inventory{inventory(hosts, map[string]vmAt{
				"vm-1": {"host-1", "poweredOff", []string{"ds-1"}}, "vm-2": {"host-1", "poweredOn", []string{"ds-1", "ds-2"}},
				"vm-3": {"host-2", "poweredOff", []string{"ds-1"}}})},
			map[string]string{"vm-1": "host-1 c1 poweredOn <nil> [1000:host-1/c1/poweredOn 301000:host-1/c1/poweredOff]"},
			"[host-1[] host-2[] host-3[] vm-2[ds-1 ds-2]]", "{0 0 0 1}"},
		{"a VM powered on mid-run is sampled from then on and says poweredOn",
			[]*Inventory{inventory(hosts, map[string]vmAt{
				"vm-1": {"host-1", "poweredOn", []string{"ds-1"}}, "vm-2": {"host-1", "poweredOn", []string{"ds-1", "ds-2"}},
				"vm-3": {"host-2", "poweredOn", []string{"ds-1"}}})},
			map[string]string{"vm-3": "host-2 c1 poweredOn <nil> [1000:host-2/c1/poweredOff 301000:host-2/c1/poweredOn]"},
			"[host-1[] host-2[] host-3[] vm-1[ds-1] vm-2[ds-1 ds-2] vm-3[ds-1]]", "{0 0 0 1}"},
		{"a disk no longer listed stays in the entry and its samples (earlier samples name it)",
			[]*Inventory{inventory(hosts, map[string]vmAt{
				"vm-1": {"host-1", "poweredOn", []string{"ds-1"}}, "vm-2": {"host-1", "poweredOn", []string{"ds-2"}},
				"vm-3": {"host-2", "poweredOff", []string{"ds-1"}}})},
			map[string]string{"vm-2": "host-1 c1 poweredOn <nil> []"},
			"[host-1[] host-2[] host-3[] vm-1[ds-1] vm-2[ds-2 ds-1]]", "{0 0 0 0}"},
		{"a host removed and a VM whose host is gone: the host keeps its entry, the VM runs on null",
			[]*Inventory{inventory(map[string]string{"host-1": "c1", "host-3": "c2"}, map[string]vmAt{
				"vm-1": {"host-1", "poweredOn", []string{"ds-1"}}, "vm-2": {"host-1", "poweredOn", []string{"ds-1", "ds-2"}},
				"vm-3": {"", "poweredOff", []string{"ds-1"}}})},
			map[string]string{"host-2": "<nil> c1  301000 []", "vm-3": "<nil> <nil> poweredOff <nil> [1000:host-2/c1/poweredOff 301000:null/null/poweredOff]"},
			"[host-1[] host-3[] vm-1[ds-1] vm-2[ds-1 ds-2]]", "{0 1 1 0}"},
		{"a VM removed and back again: no longer removed, both in its history",
			[]*Inventory{inventory(hosts, map[string]vmAt{"vm-1": {"host-1", "poweredOn", []string{"ds-1"}}}),
				inventory(hosts, map[string]vmAt{"vm-1": {"host-1", "poweredOn", []string{"ds-1"}},
					"vm-2": {"host-2", "poweredOn", []string{"ds-1"}}})},
			map[string]string{"vm-2": "host-2 c1 poweredOn <nil> [1000:host-1/c1/poweredOn 601000:host-2/c1/poweredOn]"},
			"[host-1[] host-2[] host-3[] vm-1[ds-1] vm-2[ds-1 ds-2]]", "{1 0 0 0}"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tr := NewTracker(start, t0)
			var ch Changes
			for i, r := range c.reads {
				ch = tr.Update(r, []int64{t1, t2}[i])
			}
			header := map[string]iokit.Host{}
			for _, h := range tr.Header() {
				header[h.ID] = h
			}
			if len(header) != len(tr.Current().Hosts) {
				t.Errorf("header %d entries, inventory %d", len(header), len(tr.Current().Hosts))
			}
			for id, want := range c.want {
				h, ok := header[id]
				removed := "<nil>"
				if h.RemovedMs != nil {
					removed = fmt.Sprint(*h.RemovedMs)
				}
				cl := "<nil>"
				if h.ClusterID != nil {
					cl = *h.ClusterID
				}
				on := fmt.Sprint(h.RunsOn)
				if raw, isRaw := h.RunsOn.(json.RawMessage); isRaw && string(raw) == "null" {
					on = "<nil>"
				}
				got := fmt.Sprintf("%s %s %s %s %s", on, cl, h.PowerState, removed, history(h))
				if !ok || got != want {
					t.Errorf("%s: %q, want %q", id, got, want)
				}
			}
			if got := sampled(tr.Current()); got != c.sampled {
				t.Errorf("sampled %s, want %s", got, c.sampled)
			}
			if got := fmt.Sprint(ch); got != c.changes {
				t.Errorf("changes %s, want %s", got, c.changes)
			}
		})
	}
}

func TestTrackerKeepsDatastoreMounts(t *testing.T) {
	first := &Inventory{Datastores: []iokit.Datastore{{ID: "ds-1", Hosts: []string{"host-1", "host-2"}}}}
	next := &Inventory{Datastores: []iokit.Datastore{{ID: "ds-1", Hosts: []string{"host-2", "host-3"}}, {ID: "ds-0", Hosts: []string{"host-3"}}},
		Clusters: []iokit.Cluster{{ID: "c2"}}}
	tr := NewTracker(first, 0)
	tr.Update(next, 1)
	inv := tr.Current()
	if got := fmt.Sprint(inv.Datastores); got != fmt.Sprint([]iokit.Datastore{{ID: "ds-0", Hosts: []string{"host-3"}},
		{ID: "ds-1", Hosts: []string{"host-1", "host-2", "host-3"}}}) {
		t.Errorf("datastores %s: every host that mounted one at some read, sorted by id", got)
	}
	if len(inv.Clusters) != 1 || inv.Clusters[0].ID != "c2" {
		t.Errorf("clusters %v", inv.Clusters)
	}
}

func TestSamplerUpdateAndDrop(t *testing.T) {
	ref := func(id string) types.ManagedObjectReference {
		return types.ManagedObjectReference{Type: "VirtualMachine", Value: id}
	}
	old := time.Date(2026, 11, 16, 0, 0, 0, 0, time.UTC)
	since := old.Add(5 * time.Minute)
	s := &Sampler{last: map[string]time.Time{"vm-1": old}}
	s.Update(&Inventory{Sampled: []Entity{{Ref: ref("vm-1")}, {Ref: ref("vm-2")}}}, since)
	if !s.last["vm-1"].Equal(old) || !s.last["vm-2"].Equal(since) {
		t.Errorf("an entity sampled before keeps its last sample, a new one starts after since: %v", s.last)
	}
	if !s.drop(ref("vm-1")) || s.drop(ref("vm-1")) || len(s.entities) != 1 || s.entities[0].Ref.Value != "vm-2" {
		t.Errorf("drop: %v", s.entities)
	}
	cases := []struct {
		err  error
		want string
	}{
		{soapFault(types.ManagedObjectNotFound{Obj: ref("vm-7")}), "vm-7"},
		{soapFault(&types.ManagedObjectNotFound{Obj: ref("vm-8")}), "vm-8"},
		{soapFault(types.NoPermission{Object: ref("vm-9")}), ""},
		{fmt.Errorf("no fault"), ""},
		{nil, ""},
	}
	for _, c := range cases {
		got, ok := notFound(c.err)
		if (c.want != "") != ok || got.Value != c.want {
			t.Errorf("notFound(%v) = %v %v, want %q", c.err, got, ok, c.want)
		}
	}
}

// Settled is the time up to which no sample can come any more (the writer writes the intervals up to it); SkipTo
// keeps every entity, and one found later, from asking for a sample at or before a written part's end.
func TestSamplerSettledAndSkipTo(t *testing.T) {
	ref := func(id string) Entity {
		return Entity{Ref: types.ManagedObjectReference{Type: "VirtualMachine", Value: id}}
	}
	at := func(k int) time.Time {
		return time.Date(2026, 11, 16, 0, 0, 0, 0, time.UTC).Add(time.Duration(k) * 20 * time.Second)
	}
	cases := []struct {
		name   string
		last   map[string]int // entity → its newest sample, in intervals
		newest int
		next   int // a VM found at the next re-read starts after it
		hold   time.Duration
		want   int
	}{
		{"every entity up to date: the next re-read's start bounds it", map[string]int{"vm-1": 30, "vm-2": 30}, 30, 15, time.Hour, 15},
		{"an entity one interval behind", map[string]int{"vm-1": 30, "vm-2": 29}, 30, 30, time.Hour, 29},
		{"an entity not sampled yet: its start", map[string]int{"vm-1": 30, "vm-2": 10}, 30, 25, time.Hour, 10},
		{"a lagging entity is waited for at most hold", map[string]int{"vm-1": 200, "vm-2": 10}, 200, 190, 30 * time.Minute, 200 - 90},
		{"a dropped entity does not hold back", map[string]int{"vm-1": 30}, 30, 40, time.Hour, 30},
	}
	for _, c := range cases {
		s := &Sampler{last: map[string]time.Time{"vm-gone": at(1)}, newest: at(c.newest)}
		for id, k := range c.last {
			s.entities = append(s.entities, ref(id))
			s.last[id] = at(k)
		}
		if got := s.Settled(at(c.next), c.hold); !got.Equal(at(c.want)) {
			t.Errorf("%s: Settled = %v, want %v", c.name, got, at(c.want))
		}
	}

	s := &Sampler{last: map[string]time.Time{"vm-1": at(30), "vm-2": at(10)}, entities: []Entity{ref("vm-1"), ref("vm-2")}}
	s.SkipTo(at(20))
	if !s.last["vm-1"].Equal(at(30)) || !s.last["vm-2"].Equal(at(20)) {
		t.Errorf("SkipTo(20): an entity past it keeps its last sample, one behind starts after it: %v", s.last)
	}
	s.Update(&Inventory{Sampled: []Entity{ref("vm-1"), ref("vm-2"), ref("vm-3")}}, at(5))
	if !s.last["vm-3"].Equal(at(20)) {
		t.Errorf("a VM found after a part was written starts after the part's end, not before: %v", s.last["vm-3"])
	}
	s.Update(&Inventory{Sampled: []Entity{ref("vm-4")}}, at(25))
	if !s.last["vm-4"].Equal(at(25)) {
		t.Errorf("a VM found later starts after the previous read: %v", s.last["vm-4"])
	}
}
