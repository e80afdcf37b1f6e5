// Command iokit-vcsim is the vSphere collector's test harness: govmomi's simulator (a vCenter answering the vSphere
// SOAP API on a loopback port) with a deterministic PerformanceManager that records every value it serves.
//
//	iokit-vcsim [-clusters 2] [-hosts 2] [-standalone 1] [-vms 2] [-datastores 2] [-off 1] [-suspended 1]
//	            [-tls -cert-out ca.pem] [-record served.jsonl] [-deny-perf]
//
// It prints its URL (with the simulator's user and password, user:pass) on the first line of stdout and runs until
// SIGINT or SIGTERM. The first VM that is powered on (by id) is the "null entity": its cpu.usage is served as -1,
// its mem.active and net.transmitted are not served at all, and on its first datastore datastore.read and
// datastore.numberWriteAveraged are -1 (so its write latency, though served, is unknown: no known writes).
// Half the datastores (every other one by id) get a VMFS-style URL (ds:///vmfs/volumes/<uuid>/) and their counter
// instance is that UUID; the others are named by their id, so both of the collector's mappings are exercised.
// With -vsan, the last datastores are of type vsan and get no datastore counters. Hosts report the time zones of
// timeZones in turn. QueryPerf naming a deleted entity fails with ManagedObjectNotFound.
package main

import (
	"crypto/tls"
	"encoding/json"
	"flag"
	"fmt"
	"io/ioutil"
	"net/url"
	"os"
	"os/signal"
	"sort"
	"syscall"

	"github.com/vmware/govmomi/simulator"
	"github.com/vmware/govmomi/vim25/types"
)

// timeZones the hosts report in turn (config.dateTimeInfo): ESXi's own UTC, a zone by IANA name, and one whose key
// and name have no form the format accepts (written as its offset, +05:30).
var timeZones = []types.HostDateTimeSystemTimeZone{
	{Key: "UTC", Name: "UTC", Description: "UTC", GmtOffset: 0},
	{Key: "Europe/Berlin", Name: "Europe/Berlin", Description: "Berlin", GmtOffset: 3600},
	{Key: "India Standard Time", Name: "India Standard Time", Description: "IST", GmtOffset: 19800},
}

func main() {
	clusters := flag.Int("clusters", 2, "clusters")
	hosts := flag.Int("hosts", 2, "hosts per cluster")
	standalone := flag.Int("standalone", 1, "standalone hosts (not in a cluster)")
	vms := flag.Int("vms", 2, "VMs per cluster and per standalone host (the simulator's Machine: per resource pool)")
	datastores := flag.Int("datastores", 2, "datastores (each mounted by every host)")
	off := flag.Int("off", 1, "VMs powered off (the last ones by id)")
	suspended := flag.Int("suspended", 1, "VMs suspended (before the powered-off ones)")
	useTLS := flag.Bool("tls", false, "serve https with a self-signed certificate")
	certOut := flag.String("cert-out", "", "with -tls: write the server's certificate (PEM) to this file")
	record := flag.String("record", "", "append every value served by QueryPerf to this JSON Lines file")
	denyPerf := flag.Bool("deny-perf", false, "answer QueryPerf with NoPermission (System.Read), as for a user without the privilege")
	history := flag.Int("history", 180, "samples served to a query without a start time (180: one hour)")
	vsan := flag.Int("vsan", 0, "datastores (the last ones by id) of type vsan, whose datastore counters are never served, as vCenter's")
	flag.Parse()

	m := simulator.VPX()
	m.Datacenter = 1
	m.Cluster = *clusters
	m.ClusterHost = *hosts
	m.Host = *standalone
	m.Machine = *vms
	m.Datastore = *datastores
	m.Autostart = true
	if err := m.Create(); err != nil {
		fmt.Fprintf(os.Stderr, "iokit-vcsim: the model cannot be created: %v\n", err)
		os.Exit(1)
	}
	defer m.Remove()
	if *useTLS {
		m.Service.TLS = new(tls.Config)
	}
	// Only user:pass may log in (by default the simulator takes any user name and password).
	m.Service.Listen = &url.URL{User: url.UserPassword("user", "pass")}

	// Datastores: every other one gets a VMFS-style URL whose UUID is its counter instance.
	dsInstance := map[string]string{}
	var dsRefs []string
	for _, obj := range simulator.Map.All("Datastore") {
		dsRefs = append(dsRefs, obj.Reference().Value)
	}
	sort.Strings(dsRefs)
	for i, id := range dsRefs {
		ds := simulator.Map.Get(types.ManagedObjectReference{Type: "Datastore", Value: id}).(*simulator.Datastore)
		dsInstance[id] = id
		if i%2 == 0 {
			uuid := fmt.Sprintf("5f8a%04x-1c2d3e4f-%04x-0050569a%04x", i, i, i)
			ds.Summary.Url = "ds:///vmfs/volumes/" + uuid + "/"
			ds.Info.GetDatastoreInfo().Url = ds.Summary.Url
			ds.Summary.Type = "VMFS"
			dsInstance[id] = uuid
		}
	}

	// Each datastore is mounted by every host that lists it (the simulator keeps only the last host's mount), and
	// each VM has a deterministic provisioned and committed space on each of its datastores.
	mounts := map[string][]types.DatastoreHostMount{}
	var hostRefs []string
	for _, obj := range simulator.Map.All("HostSystem") {
		hostRefs = append(hostRefs, obj.Reference().Value)
	}
	sort.Strings(hostRefs)
	for i, id := range hostRefs {
		h := simulator.Map.Get(types.ManagedObjectReference{Type: "HostSystem", Value: id}).(*simulator.HostSystem)
		h.Config.DateTimeInfo = &types.HostDateTimeInfo{TimeZone: timeZones[i%len(timeZones)]}
		for _, d := range h.Datastore {
			mounts[d.Value] = append(mounts[d.Value], types.DatastoreHostMount{Key: h.Self,
				MountInfo: types.HostMountInfo{AccessMode: "readWrite", Mounted: types.NewBool(true), Accessible: types.NewBool(true)}})
		}
	}
	for id, m := range mounts {
		simulator.Map.Get(types.ManagedObjectReference{Type: "Datastore", Value: id}).(*simulator.Datastore).Host = m
	}

	// Power states: the last VMs by id are powered off, the ones before them suspended.
	var vmRefs []string
	for _, obj := range simulator.Map.All("VirtualMachine") {
		vmRefs = append(vmRefs, obj.Reference().Value)
	}
	sort.Strings(vmRefs)
	setState := func(id string, state types.VirtualMachinePowerState) {
		vm := simulator.Map.Get(types.ManagedObjectReference{Type: "VirtualMachine", Value: id}).(*simulator.VirtualMachine)
		vm.Runtime.PowerState = state
		vm.Summary.Runtime.PowerState = state
	}
	for i, id := range vmRefs {
		vm := simulator.Map.Get(types.ManagedObjectReference{Type: "VirtualMachine", Value: id}).(*simulator.VirtualMachine)
		var usage []types.VirtualMachineUsageOnDatastore
		for j, d := range vm.Datastore {
			committed := int64(i+1)<<30 + int64(j)<<20
			usage = append(usage, types.VirtualMachineUsageOnDatastore{Datastore: d, Committed: committed,
				Uncommitted: 2 << 30, Unshared: committed})
		}
		vm.Storage = &types.VirtualMachineStorageInfo{PerDatastoreUsage: usage}
	}
	n := len(vmRefs)
	for i := 0; i < *off && n-1-i >= 0; i++ {
		setState(vmRefs[n-1-i], types.VirtualMachinePowerStatePoweredOff)
	}
	for i := 0; i < *suspended && n-1-*off-i >= 0; i++ {
		setState(vmRefs[n-1-*off-i], types.VirtualMachinePowerStateSuspended)
	}

	p := newDetPerf(simulator.Map.Get(*m.ServiceContent.PerfManager).(*simulator.PerformanceManager))
	p.denyPerf = *denyPerf
	p.history = *history
	// vSAN datastores have no datastore.* counters in vCenter's PerformanceManager: no instance is served for them.
	for i := 0; i < *vsan && i < len(dsRefs); i++ {
		id := dsRefs[len(dsRefs)-1-i]
		simulator.Map.Get(types.ManagedObjectReference{Type: "Datastore", Value: id}).(*simulator.Datastore).Summary.Type = "vsan"
		delete(dsInstance, id)
	}
	p.instances = instanceLists(dsInstance)
	if n-*off-*suspended > 0 {
		p.nullVM = vmRefs[0]
	}
	if *record != "" {
		f, err := os.OpenFile(*record, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
		if err != nil {
			fmt.Fprintf(os.Stderr, "iokit-vcsim: -record %s cannot be written: %v\n", *record, err)
			os.Exit(1)
		}
		defer f.Close()
		p.file, p.record = f, json.NewEncoder(f)
	}
	simulator.Map.Put(p)

	s := m.Service.NewServer()
	defer s.Close()
	u := *s.URL
	u.User = url.UserPassword("user", "pass")
	if *certOut != "" && *useTLS {
		file, err := s.CertificateFile()
		if err == nil {
			var pem []byte
			if pem, err = ioutil.ReadFile(file); err == nil {
				err = ioutil.WriteFile(*certOut, pem, 0o644)
			}
		}
		if err != nil {
			fmt.Fprintf(os.Stderr, "iokit-vcsim: -cert-out: %v\n", err)
			os.Exit(1)
		}
	}
	fmt.Println(u.String())

	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	<-sig
}
