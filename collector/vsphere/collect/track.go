package collect

import (
	"sort"

	"iokit/vsphere/iokit"
)

// Tracker keeps the inventory of a whole run across re-reads (issue #41): every entity seen at any read keeps its
// entry to the end (its samples name it), a VM's moves and power changes become its history, and the entities
// sampled are those of the newest read.
type Tracker struct {
	inv     Inventory
	startMs int64 // the first read's time: a history of one entry from then on says nothing and is not written
}

// Changes counts what one re-read found, for the progress output.
type Changes struct {
	Added, Removed, Moved, PowerChanged int
}

// Any says whether anything changed.
func (c Changes) Any() bool { return c.Added+c.Removed+c.Moved+c.PowerChanged > 0 }

// NewTracker starts from the first inventory, read at tMs.
func NewTracker(first *Inventory, tMs int64) *Tracker {
	t := &Tracker{startMs: tMs, inv: Inventory{Source: first.Source}}
	t.Update(first, tMs)
	return t
}

// Current is the merged inventory: every entity seen so far, the sampled ones of the newest read.
func (t *Tracker) Current() *Inventory { return &t.inv }

func hostID(h iokit.Host) *string {
	if id, ok := h.RunsOn.(string); ok {
		return &id
	}
	return nil
}

func same(a, b *string) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }

// Update merges a newer read of the inventory, taken at tMs.
func (t *Tracker) Update(next *Inventory, tMs int64) Changes {
	var ch Changes
	if next.Source != nil {
		t.inv.Source = next.Source
	}
	t.inv.Datacenters = mergeByID(t.inv.Datacenters, next.Datacenters, func(x iokit.Datacenter) string { return x.ID })
	t.inv.Clusters = mergeByID(t.inv.Clusters, next.Clusters, func(x iokit.Cluster) string { return x.ID })
	// A datastore keeps every host that mounted it at some read (each of them may have sampled it).
	oldHosts := map[string][]string{}
	for _, d := range t.inv.Datastores {
		oldHosts[d.ID] = d.Hosts
	}
	t.inv.Datastores = mergeByID(t.inv.Datastores, next.Datastores, func(x iokit.Datastore) string { return x.ID })
	for i := range t.inv.Datastores {
		d := &t.inv.Datastores[i]
		set := map[string]bool{}
		for _, h := range append(append([]string{}, oldHosts[d.ID]...), d.Hosts...) {
			set[h] = true
		}
		d.Hosts = iokit.SortedKeys(set)
	}

	prev := map[string]iokit.Host{}
	for _, h := range t.inv.Hosts {
		prev[h.ID] = h
	}
	seen := map[string]bool{}
	merged := make([]iokit.Host, 0, len(t.inv.Hosts)+len(next.Hosts))
	for _, h := range next.Hosts {
		seen[h.ID] = true
		old, known := prev[h.ID]
		if known {
			h.Disks = unionDisks(h.Disks, old.Disks)
			h.NICs = unionNICs(h.NICs, old.NICs)
			h.History = old.History
			if old.RemovedMs != nil {
				ch.Added++ // back again
			}
		} else if len(t.inv.Hosts) > 0 || t.startMs != tMs {
			ch.Added++
		}
		if h.Entity == "vm" {
			p := iokit.Placement{TMs: tMs, RunsOn: hostID(h), ClusterID: h.ClusterID, PowerState: h.PowerState}
			if n := len(h.History); n == 0 || old.RemovedMs != nil {
				h.History = append(h.History, p)
			} else if last := h.History[n-1]; !same(last.RunsOn, p.RunsOn) || !same(last.ClusterID, p.ClusterID) || last.PowerState != p.PowerState {
				if !same(last.RunsOn, p.RunsOn) {
					ch.Moved++
				}
				if last.PowerState != p.PowerState {
					ch.PowerChanged++
				}
				h.History = append(h.History, p)
			}
		}
		merged = append(merged, h)
	}
	for _, h := range t.inv.Hosts {
		if seen[h.ID] {
			continue
		}
		if h.RemovedMs == nil {
			removed := tMs
			h.RemovedMs = &removed
			ch.Removed++
		}
		merged = append(merged, h)
	}
	// Hosts first, then VMs, each by id (as a single read orders them).
	sort.SliceStable(merged, func(i, j int) bool {
		if (merged[i].Entity == "vm") != (merged[j].Entity == "vm") {
			return merged[j].Entity == "vm"
		}
		return merged[i].ID < merged[j].ID
	})
	t.inv.Hosts = merged

	// The sampled entities are the newest read's, with the disks and adapters of their merged entries.
	byID := map[string]iokit.Host{}
	for _, h := range merged {
		byID[h.ID] = h
	}
	t.inv.Sampled = make([]Entity, 0, len(next.Sampled)) // a new slice: the sampler holds the old one
	for _, e := range next.Sampled {
		t.inv.Sampled = append(t.inv.Sampled, entityOf(e.Ref, byID[e.Ref.Value]))
	}
	return ch
}

// Header gives the inventory as the header writes it: a VM's runsOn and clusterId are where it ran last, its
// powerState poweredOn when it ran at any time of the run (it has samples: it is sized by them), and its history
// only when something changed during the run.
func (t *Tracker) Header() []iokit.Host {
	out := make([]iokit.Host, len(t.inv.Hosts))
	for i, h := range t.inv.Hosts {
		if h.Entity == "vm" && len(h.History) > 0 {
			for _, p := range h.History {
				if p.PowerState == "poweredOn" {
					h.PowerState = "poweredOn"
				}
			}
			if len(h.History) == 1 && h.History[0].TMs == t.startMs && h.RemovedMs == nil {
				h.History = nil
			}
		}
		out[i] = h
	}
	return out
}

func mergeByID[T any](old, next []T, id func(T) string) []T {
	byID := map[string]int{}
	out := append([]T{}, old...)
	for i, x := range out {
		byID[id(x)] = i
	}
	for _, x := range next {
		if i, ok := byID[id(x)]; ok {
			out[i] = x
		} else {
			byID[id(x)] = len(out)
			out = append(out, x)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return id(out[i]) < id(out[j]) })
	return out
}

// unionDisks keeps the newest entries and adds the older ones no longer listed (earlier samples name them).
func unionDisks(next, old []iokit.Disk) []iokit.Disk {
	have := map[string]bool{}
	for _, d := range next {
		have[d.ID] = true
	}
	out := append([]iokit.Disk{}, next...)
	for _, d := range old {
		if !have[d.ID] {
			out = append(out, d)
		}
	}
	return out
}

func unionNICs(next, old []iokit.NIC) []iokit.NIC {
	have := map[string]bool{}
	for _, n := range next {
		have[n.ID] = true
	}
	out := append([]iokit.NIC{}, next...)
	for _, n := range old {
		if !have[n.ID] {
			out = append(out, n)
		}
	}
	return out
}
