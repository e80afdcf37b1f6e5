package iokit

import (
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Counter names (group.name.rollup) of the realtime counters the collector reads.
const (
	CPUUsage        = "cpu.usage.average"
	CPUUsageMHz     = "cpu.usagemhz.average"
	MemConsumed     = "mem.consumed.average"
	MemActive       = "mem.active.average"
	DSReads         = "datastore.numberReadAveraged.average"
	DSWrites        = "datastore.numberWriteAveraged.average"
	DSRead          = "datastore.read.average"
	DSWrite         = "datastore.write.average"
	DSReadLatency   = "datastore.totalReadLatency.average"
	DSWriteLatency  = "datastore.totalWriteLatency.average"
	NetReceived     = "net.received.average"
	NetTransmitted  = "net.transmitted.average"
	IntervalSeconds = 20
)

// Counters lists every counter the collector asks for, in a fixed order.
var Counters = []string{
	CPUUsage, CPUUsageMHz, MemConsumed, MemActive,
	DSReads, DSWrites, DSRead, DSWrite, DSReadLatency, DSWriteLatency,
	NetReceived, NetTransmitted,
}

// Scale is what a counter's raw value is multiplied by to give the sample field's unit (the format's mapping table).
var Scale = map[string]float64{
	CPUUsage:       0.01, // hundredths of a percent → percent
	CPUUsageMHz:    1,
	MemConsumed:    1024, // KB → bytes
	MemActive:      1024,
	DSReads:        1,
	DSWrites:       1,
	DSRead:         1024, // KB/s → bytes/s
	DSWrite:        1024,
	DSReadLatency:  1,
	DSWriteLatency: 1,
	NetReceived:    1024,
	NetTransmitted: 1024,
}

// PerInstance says whether a counter is read per instance (a datastore, an adapter) rather than for the entity as
// a whole (the aggregate instance "").
func PerInstance(counter string) bool {
	return strings.HasPrefix(counter, "datastore.") || strings.HasPrefix(counter, "net.")
}

// Key is one counter of one instance. For datastore counters Instance is the datastore's id (already mapped).
type Key struct {
	Counter  string
	Instance string
}

// Reading is what the platform reported for one entity at one timestamp: raw counter values by key. A key that
// is missing was not reported; a negative value (vSphere's -1) is "no value".
type Reading struct {
	Entity     string
	TMs        int64
	IntervalMs int64
	Values     map[Key]int64
}

// Convert gives a raw value in the sample's unit, or nil when the value is unknown (not reported or negative).
func Convert(counter string, raw int64, ok bool) *float64 {
	if !ok || raw < 0 {
		return nil
	}
	scale, known := Scale[counter]
	if !known {
		return nil
	}
	v := float64(raw) * scale
	if scale == 0.01 {
		v = float64(raw) / 100 // exact decimal, not raw × 0.01's binary rounding
	}
	if counter == CPUUsage && v > 100 {
		v = 100 // vCenter reports a little over 100 % now and then (turbo boost); the format's cpuPct is 0–100
	}
	return &v
}

func (r Reading) value(counter, instance string) *float64 {
	raw, ok := r.Values[Key{counter, instance}]
	return Convert(counter, raw, ok)
}

// latency is a latency counter's value, nil when no I/O of that direction completed (or that is unknown).
func (r Reading) latency(counter, instance string, iops *float64) *float64 {
	if iops == nil || *iops <= 0 {
		return nil
	}
	return r.value(counter, instance)
}

// Sample builds the sample line of a reading: every disk (datastore id) and interface of the entity's inventory
// is present, each value null when the platform did not report it. The queue depth is not reported per datastore.
func (r Reading) Sample(disks, nics []string) Sample {
	s := Sample{
		Type:           "sample",
		TMs:            r.TMs,
		IntervalMs:     r.IntervalMs,
		Host:           r.Entity,
		CPUPct:         r.value(CPUUsage, ""),
		CPUMhz:         r.value(CPUUsageMHz, ""),
		MemUsedBytes:   r.value(MemConsumed, ""),
		MemActiveBytes: r.value(MemActive, ""),
		Disks:          make(map[string]DiskIO, len(disks)),
		Net:            make(map[string]NetIO, len(nics)),
	}
	for _, d := range disks {
		io := DiskIO{
			ReadIops:  r.value(DSReads, d),
			WriteIops: r.value(DSWrites, d),
			ReadBps:   r.value(DSRead, d),
			WriteBps:  r.value(DSWrite, d),
		}
		io.ReadLatencyMs = r.latency(DSReadLatency, d, io.ReadIops)
		io.WriteLatencyMs = r.latency(DSWriteLatency, d, io.WriteIops)
		s.Disks[d] = io
	}
	for _, n := range nics {
		s.Net[n] = NetIO{RxBps: r.value(NetReceived, n), TxBps: r.value(NetTransmitted, n)}
	}
	return s
}

// DatastoreIndex maps a datastore counter's instance to the datastore's id: vCenter names the instance by the
// UUID of the datastore's URL (ds:///vmfs/volumes/<uuid>/), some sources by the managed-object id itself.
type DatastoreIndex map[string]string

// NewDatastoreIndex indexes datastores by id and by the UUID of their URL (case-insensitive).
func NewDatastoreIndex(datastores []Datastore) DatastoreIndex {
	idx := DatastoreIndex{}
	for _, ds := range datastores {
		idx[strings.ToLower(ds.ID)] = ds.ID
		if u := URLUUID(ds.URL); u != "" {
			idx[strings.ToLower(u)] = ds.ID
		}
	}
	return idx
}

// Resolve gives the datastore id of an instance, or false when the instance names no known datastore.
func (idx DatastoreIndex) Resolve(instance string) (string, bool) {
	id, ok := idx[strings.ToLower(strings.TrimSpace(instance))]
	return id, ok && instance != ""
}

// URLUUID is the last path element of a datastore URL: ds:///vmfs/volumes/5f8a…/ → 5f8a…; "" when there is none.
func URLUUID(url string) string {
	i := strings.Index(url, "/volumes/")
	if i < 0 {
		return ""
	}
	rest := strings.Trim(url[i+len("/volumes/"):], "/")
	if rest == "" || strings.Contains(rest, "/") {
		return ""
	}
	return rest
}

// ParseDuration reads a collection length: Go's units (90s, 10m, 12h) and days (7d, 1d12h). It must be positive.
func ParseDuration(s string) (time.Duration, error) {
	in := strings.TrimSpace(s)
	rest := in
	var total time.Duration
	if i := strings.Index(rest, "d"); i >= 0 {
		days, err := strconv.ParseFloat(rest[:i], 64)
		if err != nil || days < 0 {
			return 0, fmt.Errorf("%q is not a duration (examples: 90s, 10m, 12h, 7d)", s)
		}
		total = time.Duration(days * float64(24*time.Hour))
		rest = rest[i+1:]
	}
	if rest != "" {
		d, err := time.ParseDuration(rest)
		if err != nil || d < 0 {
			return 0, fmt.Errorf("%q is not a duration (examples: 90s, 10m, 12h, 7d)", s)
		}
		total += d
	}
	if total <= 0 {
		return 0, fmt.Errorf("%q is not a positive duration (examples: 90s, 10m, 12h, 7d)", s)
	}
	return total, nil
}

// SortedKeys gives a map's keys in order (stable output for inventories built from maps).
func SortedKeys(m map[string]bool) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

var (
	ianaName  = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_+-]*(?:/[A-Za-z0-9_+-]+)*$`)
	utcOffset = regexp.MustCompile(`^(?:Z|UTC|[+-](?:[01]\d|2[0-3]):?[0-5]\d)$`)
)

// TimeZone is a host's timeZone field from its HostDateTimeInfo (config.dateTimeInfo.timeZone): the zone's key or
// name when it has the form the format's readers accept (an IANA name, UTC), else its offset from UTC (+01:00).
// Without the property (ok false) or with an offset past ±23:59 it is UTC: ESXi keeps its clock in UTC.
func TimeZone(key, name string, gmtOffsetSeconds int32, ok bool) string {
	if !ok {
		return "UTC"
	}
	for _, z := range []string{key, name} {
		if len(z) <= 64 && (ianaName.MatchString(z) || utcOffset.MatchString(z)) {
			return z
		}
	}
	sign, off := "+", int(gmtOffsetSeconds)
	if off < 0 {
		sign, off = "-", -off
	}
	if off/3600 > 23 {
		return "UTC"
	}
	return fmt.Sprintf("%s%02d:%02d", sign, off/3600, off%3600/60)
}
