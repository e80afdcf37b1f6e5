package collect

import (
	"context"
	"sort"
	"strconv"

	"iokit/vsphere/iokit"

	"github.com/vmware/govmomi/view"
	"github.com/vmware/govmomi/vim25"
	"github.com/vmware/govmomi/vim25/mo"
	"github.com/vmware/govmomi/vim25/types"
)

// Inventory is what the header describes, plus what the collection loop needs.
type Inventory struct {
	Source      *iokit.Source
	Datacenters []iokit.Datacenter
	Clusters    []iokit.Cluster
	Datastores  []iokit.Datastore
	Hosts       []iokit.Host // hosts first, then VMs, each sorted by id
	// Sampled are the entities whose counters are read: connected hosts and powered-on VMs.
	Sampled []Entity
}

// Entity is one host or VM whose counters are read, with the disks and interfaces its samples carry.
type Entity struct {
	Ref   types.ManagedObjectReference
	Disks []string // datastore ids
	NICs  []string // adapter names (host) or device keys (VM)
}

// Counts of the inventory, for the progress line.
func (inv *Inventory) Counts() (hosts, vms, poweredOn int) {
	for _, h := range inv.Hosts {
		if h.Entity == "host" {
			hosts++
		} else {
			vms++
			if h.PowerState == "poweredOn" {
				poweredOn++
			}
		}
	}
	return
}

var (
	hostProps = []string{"name", "parent", "summary.hardware", "summary.config.product", "config.network.pnic",
		"datastore", "runtime.connectionState", "config.dateTimeInfo"}
	vmProps = []string{"name", "config.hardware.numCPU", "config.hardware.memoryMB", "config.guestFullName",
		"config.template", "config.hardware.device", "runtime.host", "runtime.powerState", "storage.perDatastoreUsage"}
	dsProps      = []string{"name", "summary", "host"}
	clusterProps = []string{"name"}
)

func str(s string) *string { return &s }

// ReadInventory reads every datacenter, cluster, host, VM and datastore through container views and the property
// collector (read-only).
func ReadInventory(ctx context.Context, c *vim25.Client, serverName string) (*Inventory, error) {
	inv := &Inventory{}
	about := c.ServiceContent.About
	kind := "vcenter"
	if about.ApiType == "HostAgent" {
		kind = "esxi"
	}
	inv.Source = &iokit.Source{Kind: kind, Name: serverName, Version: about.FullName}

	vm := view.NewManager(c)
	root, err := vm.CreateContainerView(ctx, c.ServiceContent.RootFolder, []string{"Datacenter"}, true)
	if err != nil {
		return nil, err
	}
	var dcs []mo.Datacenter
	err = root.Retrieve(ctx, []string{"Datacenter"}, []string{"name"}, &dcs)
	_ = root.Destroy(ctx)
	if err != nil {
		return nil, err
	}
	sort.Slice(dcs, func(i, j int) bool { return dcs[i].Self.Value < dcs[j].Self.Value })

	type hostInfo struct {
		mo      mo.HostSystem
		dc      string
		cluster *string
	}
	var hosts []hostInfo
	type vmInfo struct {
		mo mo.VirtualMachine
		dc string
	}
	var vms []vmInfo
	var datastores []mo.Datastore
	clusterIDs := map[string]bool{}

	for _, dc := range dcs {
		inv.Datacenters = append(inv.Datacenters, iokit.Datacenter{ID: dc.Self.Value, Name: dc.Name})
		v, err := vm.CreateContainerView(ctx, dc.Self, []string{"ClusterComputeResource", "HostSystem", "VirtualMachine", "Datastore"}, true)
		if err != nil {
			return nil, err
		}
		var cl []mo.ClusterComputeResource
		var hs []mo.HostSystem
		var ms []mo.VirtualMachine
		var ds []mo.Datastore
		err = v.Retrieve(ctx, []string{"ClusterComputeResource"}, clusterProps, &cl)
		if err == nil {
			err = v.Retrieve(ctx, []string{"HostSystem"}, hostProps, &hs)
		}
		if err == nil {
			err = v.Retrieve(ctx, []string{"VirtualMachine"}, vmProps, &ms)
		}
		if err == nil {
			err = v.Retrieve(ctx, []string{"Datastore"}, dsProps, &ds)
		}
		_ = v.Destroy(ctx)
		if err != nil {
			return nil, err
		}
		for _, x := range cl {
			if !clusterIDs[x.Self.Value] {
				clusterIDs[x.Self.Value] = true
				inv.Clusters = append(inv.Clusters, iokit.Cluster{ID: x.Self.Value, Name: x.Name, DatacenterID: str(dc.Self.Value)})
			}
		}
		for _, h := range hs {
			hi := hostInfo{mo: h, dc: dc.Self.Value}
			if h.Parent != nil && h.Parent.Type == "ClusterComputeResource" {
				hi.cluster = str(h.Parent.Value)
			}
			hosts = append(hosts, hi)
		}
		for _, m := range ms {
			if m.Config != nil && m.Config.Template {
				continue // a template never runs
			}
			vms = append(vms, vmInfo{mo: m, dc: dc.Self.Value})
		}
		datastores = append(datastores, ds...)
	}
	sort.Slice(inv.Clusters, func(i, j int) bool { return inv.Clusters[i].ID < inv.Clusters[j].ID })
	sort.Slice(hosts, func(i, j int) bool { return hosts[i].mo.Self.Value < hosts[j].mo.Self.Value })
	sort.Slice(vms, func(i, j int) bool { return vms[i].mo.Self.Value < vms[j].mo.Self.Value })

	hostByID := map[string]*hostInfo{}
	for i := range hosts {
		hostByID[hosts[i].mo.Self.Value] = &hosts[i]
	}

	// Datastores, each once, with the hosts of the file that mount it.
	dsByID := map[string]*iokit.Datastore{}
	seen := map[string]bool{}
	for _, d := range datastores {
		if seen[d.Self.Value] {
			continue
		}
		seen[d.Self.Value] = true
		x := iokit.Datastore{ID: d.Self.Value, Name: d.Name, Type: d.Summary.Type, CapacityBytes: d.Summary.Capacity,
			URL: d.Summary.Url, Hosts: []string{}}
		if d.Summary.Accessible {
			free := d.Summary.FreeSpace
			x.FreeBytes = &free
		}
		mounted := map[string]bool{}
		for _, m := range d.Host {
			if _, ok := hostByID[m.Key.Value]; ok {
				mounted[m.Key.Value] = true
			}
		}
		x.Hosts = append(x.Hosts, iokit.SortedKeys(mounted)...)
		inv.Datastores = append(inv.Datastores, x)
	}
	sort.Slice(inv.Datastores, func(i, j int) bool { return inv.Datastores[i].ID < inv.Datastores[j].ID })
	for i := range inv.Datastores {
		dsByID[inv.Datastores[i].ID] = &inv.Datastores[i]
	}

	for _, hi := range hosts {
		h := hi.mo
		entry := iokit.Host{ID: h.Self.Value, Entity: "host", Name: h.Name, TimeZone: "UTC", Machine: "physical",
			DatacenterID: str(hi.dc), ClusterID: hi.cluster, Disks: []iokit.Disk{}, FileSystems: []interface{}{},
			NICs: []iokit.NIC{}}
		if hw := h.Summary.Hardware; hw != nil {
			entry.CPU = iokit.CPU{Model: hw.CpuModel, Cores: int32(hw.NumCpuThreads)}
			sockets, cores, mhz := int32(hw.NumCpuPkgs), int32(hw.NumCpuCores), float64(hw.CpuMhz)
			if sockets >= 1 {
				entry.CPU.Sockets = &sockets
			}
			if cores >= 1 {
				entry.CPU.PhysicalCores = &cores
			}
			if mhz >= 0 {
				entry.CPU.MHz = &mhz
			}
			entry.MemoryBytes = hw.MemorySize
		}
		if entry.CPU.Cores < 1 {
			entry.CPU.Cores = 1
		}
		if p := h.Summary.Config.Product; p != nil {
			entry.OS = p.FullName
		}
		for _, ref := range h.Datastore {
			d, ok := dsByID[ref.Value]
			if !ok {
				continue
			}
			disk := iokit.Disk{ID: d.ID, Name: d.Name, CapacityBytes: d.CapacityBytes, Layer: "disk", Kind: "local",
				DatastoreID: str(d.ID)}
			if len(d.Hosts) > 1 && hi.cluster != nil {
				disk.Kind, disk.ClusterID = "shared", hi.cluster
			}
			entry.Disks = append(entry.Disks, disk)
		}
		if h.Config != nil && h.Config.DateTimeInfo != nil {
			z := h.Config.DateTimeInfo.TimeZone
			entry.TimeZone = iokit.TimeZone(z.Key, z.Name, z.GmtOffset, true)
		}
		if h.Config != nil && h.Config.Network != nil {
			for _, p := range h.Config.Network.Pnic {
				entry.NICs = append(entry.NICs, iokit.NIC{ID: p.Device, Name: p.Device})
			}
		}
		inv.Hosts = append(inv.Hosts, entry)
		if h.Runtime.ConnectionState == "" || h.Runtime.ConnectionState == types.HostSystemConnectionStateConnected {
			inv.Sampled = append(inv.Sampled, entityOf(h.Self, entry))
		}
	}

	for _, vi := range vms {
		m := vi.mo
		entry := iokit.Host{ID: m.Self.Value, Entity: "vm", Name: m.Name, CPU: iokit.CPU{Model: "", Cores: 1},
			TimeZone: "UTC", Machine: "virtual", DatacenterID: str(vi.dc), Disks: []iokit.Disk{},
			FileSystems: []interface{}{}, NICs: []iokit.NIC{}, PowerState: string(m.Runtime.PowerState)}
		if m.Config != nil {
			entry.OS = m.Config.GuestFullName
			if m.Config.Hardware.NumCPU >= 1 {
				entry.CPU.Cores = m.Config.Hardware.NumCPU
			}
			entry.MemoryBytes = int64(m.Config.Hardware.MemoryMB) * 1024 * 1024
			for _, dev := range m.Config.Hardware.Device {
				if card, ok := dev.(types.BaseVirtualEthernetCard); ok {
					c := card.GetVirtualEthernetCard()
					name := strconv.Itoa(int(c.Key))
					if c.DeviceInfo != nil && c.DeviceInfo.GetDescription().Label != "" {
						name = c.DeviceInfo.GetDescription().Label
					}
					entry.NICs = append(entry.NICs, iokit.NIC{ID: strconv.Itoa(int(c.Key)), Name: name})
				}
			}
		}
		if entry.PowerState == "" {
			entry.PowerState = "poweredOff"
		}
		entry.RunsOn = iokit.Null
		if m.Runtime.Host != nil {
			if h, ok := hostByID[m.Runtime.Host.Value]; ok {
				entry.RunsOn = h.mo.Self.Value
				entry.ClusterID = h.cluster
			}
		}
		if m.Storage != nil {
			for _, u := range m.Storage.PerDatastoreUsage {
				d, ok := dsByID[u.Datastore.Value]
				if !ok {
					continue
				}
				used := u.Committed
				entry.Disks = append(entry.Disks, iokit.Disk{ID: d.ID, Name: d.Name,
					CapacityBytes: u.Committed + u.Uncommitted, UsedBytes: &used, Layer: "disk", Kind: "local",
					DatastoreID: str(d.ID)})
			}
		}
		inv.Hosts = append(inv.Hosts, entry)
		if m.Runtime.PowerState == types.VirtualMachinePowerStatePoweredOn {
			inv.Sampled = append(inv.Sampled, entityOf(m.Self, entry))
		}
	}
	return inv, nil
}

func entityOf(ref types.ManagedObjectReference, h iokit.Host) Entity {
	e := Entity{Ref: ref}
	for _, d := range h.Disks {
		e.Disks = append(e.Disks, d.ID)
	}
	for _, n := range h.NICs {
		e.NICs = append(e.NICs, n.ID)
	}
	return e
}
