// Package iokit holds the records of the open collector file, format version 3 (docs/collector-format.md,
// "Version 3: vSphere layers"), the conversion of vSphere's realtime counters into sample fields, and the writer
// that compresses samples into a temporary file as they settle and assembles header + samples + end, in one file or
// in parts under a size limit.
package iokit

import "encoding/json"

// FormatVersion is the collector file version this package writes.
const FormatVersion = 3

// Collector names the program that wrote the file.
type Collector struct {
	Name    string `json:"name"`
	Version string `json:"version"`
}

// Source is where the inventory came from.
type Source struct {
	Kind    string `json:"kind"` // "vcenter" or "esxi"
	Name    string `json:"name"`
	Version string `json:"version"`
}

// Datacenter of the header.
type Datacenter struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// Cluster of the header.
type Cluster struct {
	ID           string  `json:"id"`
	Name         string  `json:"name"`
	DatacenterID *string `json:"datacenterId"`
}

// Datastore of the header: each datastore once.
type Datastore struct {
	ID            string   `json:"id"`
	Name          string   `json:"name"`
	Type          string   `json:"type"`
	CapacityBytes int64    `json:"capacityBytes"`
	FreeBytes     *int64   `json:"freeBytes"`
	Hosts         []string `json:"hosts"`
	// URL is not written: the collector maps a counter instance given as the UUID of the URL to the datastore.
	URL string `json:"-"`
}

// CPU of an inventory entry.
type CPU struct {
	Model         string   `json:"model"`
	Cores         int32    `json:"cores"`
	Sockets       *int32   `json:"sockets,omitempty"`
	PhysicalCores *int32   `json:"physicalCores,omitempty"`
	MHz           *float64 `json:"mhz,omitempty"`
}

// Disk of an inventory entry: for a host a datastore it mounts, for a VM a datastore it has files on.
type Disk struct {
	ID            string  `json:"id"`
	Name          string  `json:"name"`
	CapacityBytes int64   `json:"capacityBytes"`
	UsedBytes     *int64  `json:"usedBytes,omitempty"`
	Layer         string  `json:"layer"`
	Kind          string  `json:"kind"`
	ClusterID     *string `json:"clusterId,omitempty"`
	DatastoreID   *string `json:"datastoreId"`
}

// NIC of an inventory entry: a host's physical adapter (vmnic0) or a VM's virtual adapter by device key (4000).
type NIC struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// Host is one entry of hosts[]: a hypervisor host (entity "host") or a virtual machine (entity "vm").
type Host struct {
	ID           string        `json:"id"`
	Entity       string        `json:"entity"`
	Name         string        `json:"name"`
	OS           string        `json:"os"`
	CPU          CPU           `json:"cpu"`
	MemoryBytes  int64         `json:"memoryBytes"`
	TimeZone     string        `json:"timeZone"`
	Machine      string        `json:"machine"`
	DatacenterID *string       `json:"datacenterId"`
	ClusterID    *string       `json:"clusterId"`
	RunsOn       interface{}   `json:"runsOn,omitempty"` // VM: the host id (string) or Null; omitted for a host
	PowerState   string        `json:"powerState,omitempty"`
	Disks        []Disk        `json:"disks"`
	FileSystems  []interface{} `json:"fileSystems"`
	NICs         []NIC         `json:"nics"`
	// History (VM, optional): where it ran and its power state from each change on, oldest first; written only for
	// a VM that moved, changed power state, appeared or disappeared during the run.
	History []Placement `json:"history,omitempty"`
	// RemovedMs (optional): when the collector found the entity gone from the inventory (its samples end before).
	RemovedMs *int64 `json:"removedMs,omitempty"`
}

// Placement is one entry of a VM's history: from TMs on it ran on RunsOn (a host id or nil) in ClusterID, in
// PowerState.
type Placement struct {
	TMs        int64   `json:"tMs"`
	RunsOn     *string `json:"runsOn"`
	ClusterID  *string `json:"clusterId"`
	PowerState string  `json:"powerState"`
}

// Collection says which collection and part a file is, when a collection is written in parts under the upload
// limit (docs/collector-format.md, "A collection in parts").
type Collection struct {
	ID   string `json:"id"`
	Part int    `json:"part"`
}

// Header is the first line of the file.
type Header struct {
	Type            string       `json:"type"`
	Format          string       `json:"format"`
	FormatVersion   int          `json:"formatVersion"`
	Collector       Collector    `json:"collector"`
	Source          *Source      `json:"source"`
	Collection      *Collection  `json:"collection,omitempty"`
	Start           string       `json:"start"`
	End             string       `json:"end"`
	IntervalSeconds int          `json:"intervalSeconds"`
	Datacenters     []Datacenter `json:"datacenters"`
	Clusters        []Cluster    `json:"clusters"`
	Datastores      []Datastore  `json:"datastores"`
	Hosts           []Host       `json:"hosts"`
}

// DiskIO is a disk's I/O over one interval; nil is null (unknown).
type DiskIO struct {
	ReadIops       *float64 `json:"readIops"`
	WriteIops      *float64 `json:"writeIops"`
	ReadBps        *float64 `json:"readBps"`
	WriteBps       *float64 `json:"writeBps"`
	ReadLatencyMs  *float64 `json:"readLatencyMs"`
	WriteLatencyMs *float64 `json:"writeLatencyMs"`
	QueueDepth     *float64 `json:"queueDepth"`
}

// NetIO is an interface's traffic over one interval; nil is null.
type NetIO struct {
	RxBps *float64 `json:"rxBps"`
	TxBps *float64 `json:"txBps"`
}

// Sample is one line per entity per interval.
type Sample struct {
	Type           string            `json:"type"`
	TMs            int64             `json:"tMs"`
	IntervalMs     int64             `json:"intervalMs"`
	Host           string            `json:"host"`
	CPUPct         *float64          `json:"cpuPct"`
	CPUMhz         *float64          `json:"cpuMhz"`
	MemUsedBytes   *float64          `json:"memUsedBytes"`
	MemActiveBytes *float64          `json:"memActiveBytes"`
	Disks          map[string]DiskIO `json:"disks"`
	Net            map[string]NetIO  `json:"net"`
}

// Null is JSON null for a field that must be present (a VM's runsOn when its host is not in the file).
var Null = json.RawMessage("null")

// End is the last line.
type End struct {
	Type    string `json:"type"`
	Samples int64  `json:"samples"`
}
