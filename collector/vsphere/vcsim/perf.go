package main

import (
	"encoding/json"
	"hash/fnv"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/vmware/govmomi/simulator"
	"github.com/vmware/govmomi/vim25/methods"
	"github.com/vmware/govmomi/vim25/soap"
	"github.com/vmware/govmomi/vim25/types"
)

// counters the harness serves (group.name.rollup), the vSphere collector's list.
var counters = []string{
	"cpu.usage.average", "cpu.usagemhz.average", "mem.consumed.average", "mem.active.average",
	"datastore.numberReadAveraged.average", "datastore.numberWriteAveraged.average",
	"datastore.read.average", "datastore.write.average",
	"datastore.totalReadLatency.average", "datastore.totalWriteLatency.average",
	"net.received.average", "net.transmitted.average",
}

// Served is one value the harness served, as recorded in the -record log (JSON Lines).
type Served struct {
	Entity   string `json:"entity"`
	Counter  string `json:"counter"`
	Instance string `json:"instance"`
	TMs      int64  `json:"tMs"`
	Value    int64  `json:"value"`
}

// detPerf replaces the simulator's PerformanceManager: QueryPerf serves a plain deterministic function of
// (entity, counter, instance, timestamp) instead of noisy table data, on timestamps aligned to 20 s, and records
// every value it serves. The simulator's property collector reads the embedded value (it must be the first field).
type detPerf struct {
	simulator.PerformanceManager

	names     map[int32]string // counter id → name
	keys      map[string]int32
	nullVM    string // the entity whose cpu.usage is -1, mem.active and net.transmitted left out, first datastore's read and write IOPS -1
	denyPerf  bool   // answer QueryPerf with NoPermission (a user without the privilege)
	instances func(ref types.ManagedObjectReference) (datastores, nics []string)
	history   int // samples served when a query gives no start time

	mu     sync.Mutex
	record *json.Encoder
	file   *os.File
}

func newDetPerf(orig *simulator.PerformanceManager) *detPerf {
	p := &detPerf{PerformanceManager: *orig, names: map[int32]string{}, keys: map[string]int32{}, history: 180}
	for _, c := range orig.PerfCounter {
		name := c.GroupInfo.GetElementDescription().Key + "." + c.NameInfo.GetElementDescription().Key + "." + string(c.RollupType)
		if _, ok := p.keys[name]; !ok {
			p.keys[name] = c.Key
			p.names[c.Key] = name
		}
	}
	return p
}

func hash(parts ...string) int64 {
	h := fnv.New32a()
	_, _ = h.Write([]byte(strings.Join(parts, "|")))
	return int64(h.Sum32())
}

// Value is the harness's deterministic value of a counter of an entity's instance at a timestamp (seconds).
// Never 0: govmomi's simulator encodes a series with omitempty, which leaves zeros out (and shifts the rest).
// Within the format's plausibility limits for the simulator's small VMs (32 MB): memory a few MB, CPU ≤ 51 %.
func Value(entity, counter, instance string, ts int64) int64 {
	h := hash(entity, counter, instance)
	k := ts / 20
	switch counter {
	case "cpu.usage.average":
		return 100 + h%4000 + (k*37)%1000
	case "cpu.usagemhz.average":
		return 50 + h%2000 + k%100
	case "mem.consumed.average":
		return 1024 + h%8192 + k%1024
	case "mem.active.average":
		return 512 + h%4096 + k%512
	case "datastore.numberReadAveraged.average":
		return 1 + (h+k*7)%40 // never 0: the simulator's SOAP encoding leaves zeros out of a series
	case "datastore.numberWriteAveraged.average":
		return 1 + (h+k*11)%30
	case "datastore.read.average", "datastore.write.average":
		return h%5000 + (k*13)%1000
	case "datastore.totalReadLatency.average", "datastore.totalWriteLatency.average":
		return 1 + (h+k)%25
	default: // net.received, net.transmitted
		return h%20000 + (k*17)%3000
	}
}

func (p *detPerf) served(s Served) {
	if p.record == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	_ = p.record.Encode(s)
}

// instancesOf lists the instances of a counter for an entity: "" (the aggregate) and, for datastore and net
// counters, every datastore (by the UUID of its URL or its id) and adapter.
func (p *detPerf) instancesOf(ref types.ManagedObjectReference, counter string) []string {
	datastores, nics := p.instances(ref)
	switch {
	case strings.HasPrefix(counter, "datastore."):
		return append([]string{""}, datastores...)
	case strings.HasPrefix(counter, "net."):
		return append([]string{""}, nics...)
	}
	return []string{""}
}

// omitted says whether the harness leaves a series out for the null entity; minusOne whether it serves -1.
func (p *detPerf) omitted(entity, counter string) bool {
	return entity == p.nullVM && (counter == "mem.active.average" || counter == "net.transmitted.average")
}

func (p *detPerf) minusOne(ref types.ManagedObjectReference, counter, instance string) bool {
	if ref.Value != p.nullVM {
		return false
	}
	if counter == "cpu.usage.average" {
		return true
	}
	datastores, _ := p.instances(ref)
	// On its first datastore: bytes read unknown, and writes unknown, so the write latency (served) is unknown too.
	return (counter == "datastore.read.average" || counter == "datastore.numberWriteAveraged.average") &&
		len(datastores) > 0 && instance == datastores[0]
}

func (p *detPerf) QueryAvailablePerfMetric(ctx *simulator.Context, req *types.QueryAvailablePerfMetric) soap.HasFault {
	if req.Entity.Type != "HostSystem" && req.Entity.Type != "VirtualMachine" {
		return p.PerformanceManager.QueryAvailablePerfMetric(ctx, req)
	}
	body := new(methods.QueryAvailablePerfMetricBody)
	body.Req = req
	body.Res = new(types.QueryAvailablePerfMetricResponse)
	for _, name := range counters {
		if p.omitted(req.Entity.Value, name) {
			continue
		}
		for _, inst := range p.instancesOf(req.Entity, name) {
			body.Res.Returnval = append(body.Res.Returnval, types.PerfMetricId{CounterId: p.keys[name], Instance: inst})
		}
	}
	return body
}

func (p *detPerf) QueryPerf(ctx *simulator.Context, req *types.QueryPerf) soap.HasFault {
	body := new(methods.QueryPerfBody)
	body.Req = req
	if p.denyPerf && len(req.QuerySpec) > 0 {
		body.Fault_ = simulator.Fault("", &types.NoPermission{Object: req.QuerySpec[0].Entity, PrivilegeId: "System.Read"})
		return body
	}
	for _, qs := range req.QuerySpec {
		if simulator.Map.Get(qs.Entity) == nil {
			// Deleted: vCenter fails the whole request, naming the entity (nothing is served).
			body.Fault_ = simulator.Fault("", &types.ManagedObjectNotFound{Obj: qs.Entity})
			return body
		}
	}
	body.Res = new(types.QueryPerfResponse)
	now := time.Now().Unix()
	newest := now - now%20
	for _, qs := range req.QuerySpec {
		em := &types.PerfEntityMetric{}
		em.Entity = qs.Entity
		if qs.Entity.Type != "HostSystem" && qs.Entity.Type != "VirtualMachine" {
			body.Res.Returnval = append(body.Res.Returnval, em)
			continue
		}
		if vm, ok := simulator.Map.Get(qs.Entity).(*simulator.VirtualMachine); ok && vm.Runtime.PowerState != types.VirtualMachinePowerStatePoweredOn {
			body.Res.Returnval = append(body.Res.Returnval, em) // a VM that is not running has no samples
			continue
		}
		oldest := newest - int64(p.history-1)*20
		if qs.StartTime != nil {
			if after := (qs.StartTime.Unix()/20 + 1) * 20; after > oldest {
				oldest = after // timestamps after the start time (exclusive), as vCenter answers
			}
		}
		if qs.MaxSample > 0 && (newest-oldest)/20+1 > int64(qs.MaxSample) {
			oldest = newest - int64(qs.MaxSample-1)*20
		}
		var stamps []int64
		for t := oldest; t <= newest; t += 20 {
			stamps = append(stamps, t)
			em.SampleInfo = append(em.SampleInfo, types.PerfSampleInfo{Timestamp: time.Unix(t, 0).UTC(), Interval: 20})
		}
		if len(stamps) == 0 {
			body.Res.Returnval = append(body.Res.Returnval, em)
			continue
		}
		for _, mid := range qs.MetricId {
			name, ok := p.names[mid.CounterId]
			if !ok || !known(name) || p.omitted(qs.Entity.Value, name) {
				continue
			}
			var insts []string
			if mid.Instance == "*" {
				insts = p.instancesOf(qs.Entity, name)
			} else {
				for _, i := range p.instancesOf(qs.Entity, name) {
					if i == mid.Instance {
						insts = append(insts, i)
					}
				}
			}
			for _, inst := range insts {
				series := &types.PerfMetricIntSeries{Value: make([]int64, len(stamps))}
				series.Id = types.PerfMetricId{CounterId: mid.CounterId, Instance: inst}
				for i, t := range stamps {
					v := Value(qs.Entity.Value, name, inst, t)
					if p.minusOne(qs.Entity, name, inst) {
						v = -1
					}
					series.Value[i] = v
					p.served(Served{Entity: qs.Entity.Value, Counter: name, Instance: inst, TMs: t * 1000, Value: v})
				}
				em.Value = append(em.Value, series)
			}
		}
		body.Res.Returnval = append(body.Res.Returnval, em)
	}
	return body
}

func known(name string) bool {
	for _, c := range counters {
		if c == name {
			return true
		}
	}
	return false
}

// instanceLists builds each entity's datastore instances (the URL's UUID for a VMFS-style URL, else the id; none for
// a vSAN datastore) and adapters (vmnicN of a host, device keys of a VM), read from the simulator's objects.
func instanceLists(dsInstance map[string]string) func(ref types.ManagedObjectReference) ([]string, []string) {
	return func(ref types.ManagedObjectReference) ([]string, []string) {
		var dss, nics []string
		switch obj := simulator.Map.Get(ref).(type) {
		case *simulator.HostSystem:
			for _, d := range obj.Datastore {
				if inst, ok := dsInstance[d.Value]; ok {
					dss = append(dss, inst)
				}
			}
			if obj.Config != nil && obj.Config.Network != nil {
				for _, n := range obj.Config.Network.Pnic {
					nics = append(nics, n.Device)
				}
			}
		case *simulator.VirtualMachine:
			for _, d := range obj.Datastore {
				if inst, ok := dsInstance[d.Value]; ok {
					dss = append(dss, inst)
				}
			}
			if obj.Config != nil {
				for _, dev := range obj.Config.Hardware.Device {
					if card, ok := dev.(types.BaseVirtualEthernetCard); ok {
						nics = append(nics, strconv.Itoa(int(card.GetVirtualEthernetCard().Key)))
					}
				}
			}
		}
		sort.Strings(dss)
		return dss, nics
	}
}
