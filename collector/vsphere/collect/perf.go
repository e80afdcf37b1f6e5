package collect

import (
	"context"
	"sort"
	"strings"
	"time"

	"iokit/vsphere/iokit"

	"github.com/vmware/govmomi/performance"
	"github.com/vmware/govmomi/vim25"
	"github.com/vmware/govmomi/vim25/methods"
	"github.com/vmware/govmomi/vim25/soap"
	"github.com/vmware/govmomi/vim25/types"
)

// Sampler reads the realtime (20 s) counters of the sampled entities, a batch of entities per QueryPerf, and
// remembers each entity's newest timestamp so that no sample is ever written twice (the next query starts there).
type Sampler struct {
	c        *vim25.Client
	perf     types.ManagedObjectReference
	entities []Entity
	metrics  []types.PerfMetricId
	names    map[int32]string // counter id → group.name.rollup
	index    iokit.DatastoreIndex
	last     map[string]time.Time
	newest   time.Time // the newest sample time read
	skipTo   time.Time // no sample at or before it is asked for (a part already written ends there)
	Batch    int
}

// NewSampler resolves the counter names to the server's ids once. A counter the server does not have is never
// asked for: its fields stay null. Each entity's first query starts at since (exclusive).
func NewSampler(ctx context.Context, c *vim25.Client, inv *Inventory, since time.Time) (*Sampler, error) {
	pm := performance.NewManager(c)
	byName, err := pm.CounterInfoByName(ctx)
	if err != nil {
		return nil, err
	}
	s := &Sampler{c: c, perf: pm.Reference(), entities: inv.Sampled, names: map[int32]string{},
		index: iokit.NewDatastoreIndex(inv.Datastores), last: map[string]time.Time{}, Batch: 50}
	for _, name := range iokit.Counters {
		info, ok := byName[name]
		if !ok {
			continue
		}
		s.names[info.Key] = name
		instance := ""
		if iokit.PerInstance(name) {
			instance = "*" // every datastore / adapter (and the aggregate "", which is not written)
		}
		s.metrics = append(s.metrics, types.PerfMetricId{CounterId: info.Key, Instance: instance})
	}
	for _, e := range s.entities {
		s.last[e.Ref.Value] = since
	}
	return s, nil
}

// Update takes a newer inventory's sampled entities (a re-read): an entity sampled before keeps its newest
// timestamp; a new one (created, powered on, or seen for the first time) starts after since.
func (s *Sampler) Update(inv *Inventory, since time.Time) {
	s.entities = inv.Sampled
	s.index = iokit.NewDatastoreIndex(inv.Datastores)
	if since.Before(s.skipTo) {
		since = s.skipTo
	}
	for _, e := range s.entities {
		if _, ok := s.last[e.Ref.Value]; !ok {
			s.last[e.Ref.Value] = since
		}
	}
}

// Settled is the time up to which every sample has been read: each sampled entity's next sample is newer than its
// last one, and an entity found at the next re-read starts after next. Samples held for a lagging entity are let
// go after hold (vCenter keeps an hour of realtime samples; a part is written without what comes later).
func (s *Sampler) Settled(next time.Time, hold time.Duration) time.Time {
	floor := next
	for _, e := range s.entities {
		if t := s.last[e.Ref.Value]; t.Before(floor) {
			floor = t
		}
	}
	if cap := s.newest.Add(-hold); floor.Before(cap) {
		floor = cap
	}
	return floor
}

// SkipTo asks for no sample at or before t again (a part that ends at t is written).
func (s *Sampler) SkipTo(t time.Time) {
	s.skipTo = t
	for id, last := range s.last {
		if last.Before(t) {
			s.last[id] = t
		}
	}
}

// notFound is the entity a ManagedObjectNotFound fault names (deleted since the inventory was read), if any.
func notFound(err error) (types.ManagedObjectReference, bool) {
	if !soap.IsSoapFault(err) {
		return types.ManagedObjectReference{}, false
	}
	switch f := soap.ToSoapFault(err).VimFault().(type) {
	case types.ManagedObjectNotFound:
		return f.Obj, true
	case *types.ManagedObjectNotFound:
		return f.Obj, true
	}
	return types.ManagedObjectReference{}, false
}

// drop stops sampling an entity (it was deleted); the next re-read of the inventory marks it removed.
func (s *Sampler) drop(ref types.ManagedObjectReference) bool {
	for i, e := range s.entities {
		if e.Ref == ref {
			s.entities = append(append([]Entity{}, s.entities[:i]...), s.entities[i+1:]...)
			return true
		}
	}
	return false
}

// Poll queries every entity's samples newer than its last one and gives them to write, oldest first per entity.
// An entity deleted since the inventory was read fails its whole QueryPerf request: it is dropped and the batch
// asked again.
func (s *Sampler) Poll(ctx context.Context, write func(iokit.Sample) error) error {
	if len(s.metrics) == 0 {
		return nil
	}
	batch := s.Batch
	if batch < 1 {
		batch = 50
	}
	for from := 0; from < len(s.entities); from += batch {
		to := from + batch
		if to > len(s.entities) {
			to = len(s.entities)
		}
		group := s.entities[from:to]
		specs := make([]types.PerfQuerySpec, 0, len(group))
		for _, e := range group {
			start := s.last[e.Ref.Value]
			specs = append(specs, types.PerfQuerySpec{Entity: e.Ref, StartTime: &start, IntervalId: iokit.IntervalSeconds,
				MetricId: s.metrics, Format: string(types.PerfFormatNormal)})
		}
		res, err := methods.QueryPerf(ctx, s.c, &types.QueryPerf{This: s.perf, QuerySpec: specs})
		if ref, ok := notFound(err); ok && s.drop(ref) {
			from -= batch // the same place again, one entity fewer
			continue
		}
		if err != nil {
			return err
		}
		byEntity := map[string]Entity{}
		for _, e := range group {
			byEntity[e.Ref.Value] = e
		}
		for _, base := range res.Returnval {
			em, ok := base.(*types.PerfEntityMetric)
			if !ok {
				continue
			}
			e, ok := byEntity[em.Entity.Value]
			if !ok {
				continue
			}
			for _, r := range s.Readings(e.Ref.Value, em) {
				if err := write(r.Sample(e.Disks, e.NICs)); err != nil {
					return err
				}
				s.last[e.Ref.Value] = time.UnixMilli(r.TMs)
				if s.last[e.Ref.Value].After(s.newest) {
					s.newest = s.last[e.Ref.Value]
				}
			}
		}
	}
	return nil
}

// Readings turns one entity's answer into readings, one per timestamp newer than the entity's last, oldest first.
// A datastore counter's instance is mapped to the datastore id (an instance naming no known datastore, and the
// aggregate "", are dropped); an adapter's instance is its name or device key.
func (s *Sampler) Readings(entity string, em *types.PerfEntityMetric) []iokit.Reading {
	last := s.last[entity]
	var out []iokit.Reading
	pos := map[int]int{} // sample index → reading index
	for i, info := range em.SampleInfo {
		if !info.Timestamp.After(last) {
			continue
		}
		interval := int64(info.Interval)
		if interval <= 0 {
			interval = iokit.IntervalSeconds
		}
		pos[i] = len(out)
		out = append(out, iokit.Reading{Entity: entity, TMs: info.Timestamp.UnixMilli(), IntervalMs: interval * 1000,
			Values: map[iokit.Key]int64{}})
	}
	for _, base := range em.Value {
		series, ok := base.(*types.PerfMetricIntSeries)
		if !ok {
			continue
		}
		name, ok := s.names[series.Id.CounterId]
		if !ok {
			continue
		}
		if len(series.Value) != len(em.SampleInfo) {
			// Values that cannot be matched to their timestamps are unknown, never guessed (govmomi's simulator,
			// for one, leaves the zeros out of a series).
			continue
		}
		instance := series.Id.Instance
		if iokit.PerInstance(name) {
			if instance == "" {
				continue
			}
			if strings.HasPrefix(name, "datastore.") {
				id, ok := s.index.Resolve(instance)
				if !ok {
					continue
				}
				instance = id
			}
		} else if instance != "" {
			continue
		}
		for i, v := range series.Value {
			if j, ok := pos[i]; ok {
				out[j].Values[iokit.Key{Counter: name, Instance: instance}] = v
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].TMs < out[j].TMs })
	// Two samples with one timestamp in one answer would break the strict order: keep the first.
	dedup := out[:0]
	for _, r := range out {
		if len(dedup) > 0 && dedup[len(dedup)-1].TMs == r.TMs {
			continue
		}
		dedup = append(dedup, r)
	}
	return dedup
}
