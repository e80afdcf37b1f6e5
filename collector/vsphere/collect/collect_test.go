package collect

import (
	"context"
	"crypto/x509"
	"errors"
	"fmt"
	"net"
	"net/url"
	"strings"
	"testing"
	"time"

	"iokit/vsphere/iokit"

	"github.com/vmware/govmomi/vim25/soap"
	"github.com/vmware/govmomi/vim25/types"
)

func soapFault(fault types.AnyType) error {
	f := &soap.Fault{Code: "ServerFaultCode", String: "fault"}
	f.Detail.Fault = fault
	return soap.WrapSoapFault(f)
}

func TestClassify(t *testing.T) {
	host := types.ManagedObjectReference{Type: "HostSystem", Value: "host-21"}
	cases := []struct {
		name  string
		err   error
		code  int
		words []string
	}{
		{"wrong password", soapFault(types.InvalidLogin{}), ExitLogin, []string{"refused the user name or password", "InvalidLogin"}},
		{"wrong password (pointer fault)", soapFault(&types.InvalidLogin{}), ExitLogin, []string{"InvalidLogin"}},
		{"missing privilege names it and the object", soapFault(types.NoPermission{Object: host, PrivilegeId: "System.Read"}),
			ExitNoPermission, []string{"System.Read", "HostSystem host-21", "Read-only role"}},
		{"missing privilege (pointer fault)", soapFault(&types.NoPermission{Object: host, PrivilegeId: "System.View"}),
			ExitNoPermission, []string{"System.View", "host-21"}},
		{"not authenticated is a permission failure", soapFault(types.NotAuthenticated{NoPermission: types.NoPermission{Object: host, PrivilegeId: "System.View"}}),
			ExitNoPermission, []string{"System.View"}},
		{"unknown authority", &url.Error{Op: "Post", URL: "https://vc/sdk", Err: x509.UnknownAuthorityError{}},
			ExitTLS, []string{"unknown authority", "-ca-file", "-insecure"}},
		{"wrong host name in the certificate", &url.Error{Op: "Post", URL: "https://vc/sdk", Err: x509.HostnameError{Certificate: &x509.Certificate{}, Host: "vc"}},
			ExitTLS, []string{"not valid for that name", "-insecure"}},
		{"connection refused", &url.Error{Op: "Post", URL: "https://vc/sdk", Err: &net.OpError{Op: "dial", Net: "tcp", Err: errors.New("connect: connection refused")}},
			ExitUnreachable, []string{"cannot be reached", "connection refused", "firewall"}},
		{"no such host", &url.Error{Op: "Post", URL: "https://vc/sdk", Err: &net.DNSError{Err: "no such host", Name: "vc"}},
			ExitUnreachable, []string{"cannot be reached", "no such host"}},
		{"timeout", fmt.Errorf("connecting: %w", context.DeadlineExceeded), ExitUnreachable, []string{"cannot be reached"}},
		{"anything else", errors.New("the server said no"), ExitFailure, []string{"Reading from vc.example failed: the server said no."}},
		{"a failure stays itself", &Failure{ExitOutput, "Cannot write.", nil}, ExitOutput, []string{"Cannot write."}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := Classify(c.err, "vc.example")
			if f.Code != c.code {
				t.Errorf("code %d, want %d (%s)", f.Code, c.code, f.Sentence)
			}
			for _, w := range c.words {
				if !strings.Contains(f.Sentence, w) {
					t.Errorf("sentence %q lacks %q", f.Sentence, w)
				}
			}
			if !strings.HasSuffix(f.Sentence, ".") || strings.Count(f.Sentence, "\n") > 0 {
				t.Errorf("not one sentence on one line: %q", f.Sentence)
			}
		})
	}
	codes := map[int]bool{}
	for _, c := range []int{ExitOK, ExitFailure, ExitUsage, ExitLogin, ExitUnreachable, ExitTLS, ExitNoPermission, ExitNoSamples, ExitOutput} {
		if codes[c] {
			t.Errorf("exit code %d used twice", c)
		}
		codes[c] = true
	}
}

func TestServerURL(t *testing.T) {
	cases := []struct{ in, want string }{
		{"vc.example", "https://vc.example/sdk"},
		{"vc.example:8443", "https://vc.example:8443/sdk"},
		{"https://vc.example/sdk", "https://vc.example/sdk"},
		{"http://127.0.0.1:8989/sdk", "http://127.0.0.1:8989/sdk"},
		{"https://user:secret@vc.example/sdk", "https://vc.example/sdk"},
		{"", ""},
	}
	for _, c := range cases {
		u, err := ServerURL(c.in)
		got := ""
		if err == nil {
			got = u.String()
		}
		if got != c.want {
			t.Errorf("ServerURL(%q) = %q (%v), want %q", c.in, got, err, c.want)
		}
	}
}

func TestReadings(t *testing.T) {
	names := map[int32]string{1: iokit.CPUUsage, 2: iokit.MemConsumed, 3: iokit.DSReads, 4: iokit.NetReceived}
	s := &Sampler{names: names, last: map[string]time.Time{},
		index: iokit.NewDatastoreIndex([]iokit.Datastore{
			{ID: "datastore-61", URL: "ds:///vmfs/volumes/5f8a-1c2d/"},
			{ID: "datastore-62", URL: "ds:///vmfs/volumes/6a7b-8c9d/"},
		})}
	t0 := time.Date(2026, 11, 16, 0, 0, 20, 0, time.UTC)
	info := func(n int) []types.PerfSampleInfo {
		var out []types.PerfSampleInfo
		for i := 0; i < n; i++ {
			out = append(out, types.PerfSampleInfo{Timestamp: t0.Add(time.Duration(i) * 20 * time.Second), Interval: 20})
		}
		return out
	}
	series := func(counter int32, instance string, values ...int64) types.BasePerfMetricSeries {
		return &types.PerfMetricIntSeries{PerfMetricSeries: types.PerfMetricSeries{Id: types.PerfMetricId{CounterId: counter, Instance: instance}}, Value: values}
	}
	cases := []struct {
		name  string
		last  time.Time
		em    *types.PerfEntityMetric
		check func(t *testing.T, rs []iokit.Reading)
	}{
		{"instances: datastore by URL UUID or id, aggregate and unknown dropped, adapters by name", time.Time{},
			&types.PerfEntityMetric{SampleInfo: info(1), Value: []types.BasePerfMetricSeries{
				series(1, "", 1234), series(1, "0", 99), series(3, "", 50), series(3, "5f8a-1c2d", 7),
				series(3, "datastore-62", 8), series(3, "ffff-0000", 9), series(4, "vmnic0", 10), series(4, "", 11),
				series(99, "", 5),
			}},
			func(t *testing.T, rs []iokit.Reading) {
				want := map[iokit.Key]int64{{Counter: iokit.CPUUsage}: 1234, {Counter: iokit.DSReads, Instance: "datastore-61"}: 7,
					{Counter: iokit.DSReads, Instance: "datastore-62"}: 8, {Counter: iokit.NetReceived, Instance: "vmnic0"}: 10}
				if len(rs) != 1 || fmt.Sprint(rs[0].Values) != fmt.Sprint(want) {
					t.Errorf("got %v, want %v", rs, want)
				}
				if rs[0].TMs != t0.UnixMilli() || rs[0].IntervalMs != 20000 {
					t.Errorf("time %d / %d", rs[0].TMs, rs[0].IntervalMs)
				}
			}},
		{"only samples after the last one seen, oldest first", t0.Add(20 * time.Second),
			&types.PerfEntityMetric{SampleInfo: []types.PerfSampleInfo{info(4)[3], info(4)[2], info(4)[1], info(4)[0]},
				Value: []types.BasePerfMetricSeries{series(2, "", 40, 30, 20, 10)}},
			func(t *testing.T, rs []iokit.Reading) {
				if len(rs) != 2 || rs[0].TMs != t0.Add(40*time.Second).UnixMilli() || rs[1].TMs != t0.Add(60*time.Second).UnixMilli() {
					t.Fatalf("got %v", rs)
				}
				if rs[0].Values[iokit.Key{Counter: iokit.MemConsumed}] != 30 || rs[1].Values[iokit.Key{Counter: iokit.MemConsumed}] != 40 {
					t.Errorf("values follow their timestamps: %v", rs)
				}
			}},
		{"-1 is kept raw (converted to null later), a missing series stays missing", time.Time{},
			&types.PerfEntityMetric{SampleInfo: info(2), Value: []types.BasePerfMetricSeries{series(1, "", -1, 500)}},
			func(t *testing.T, rs []iokit.Reading) {
				if len(rs) != 2 || rs[0].Values[iokit.Key{Counter: iokit.CPUUsage}] != -1 {
					t.Fatalf("got %v", rs)
				}
				if _, ok := rs[1].Values[iokit.Key{Counter: iokit.MemConsumed}]; ok {
					t.Errorf("mem.consumed was not served")
				}
				if s := rs[0].Sample(nil, nil); s.CPUPct != nil || s.MemUsedBytes != nil {
					t.Errorf("null expected: %+v", s)
				}
			}},
		{"a series shorter than its timestamps cannot be matched: unknown, never shifted", time.Time{},
			&types.PerfEntityMetric{SampleInfo: info(2), Value: []types.BasePerfMetricSeries{series(2, "", 5), series(1, "", 100, 200)}},
			func(t *testing.T, rs []iokit.Reading) {
				for _, r := range rs {
					if _, ok := r.Values[iokit.Key{Counter: iokit.MemConsumed}]; ok {
						t.Errorf("mem.consumed at %d: %v", r.TMs, r.Values)
					}
				}
				if len(rs) != 2 || rs[1].Values[iokit.Key{Counter: iokit.CPUUsage}] != 200 {
					t.Errorf("got %v", rs)
				}
			}},
		{"a repeated timestamp in one answer is written once", time.Time{},
			&types.PerfEntityMetric{SampleInfo: []types.PerfSampleInfo{info(1)[0], info(1)[0]}},
			func(t *testing.T, rs []iokit.Reading) {
				if len(rs) != 1 {
					t.Errorf("got %d readings", len(rs))
				}
			}},
		{"nothing newer: nothing", t0.Add(time.Hour),
			&types.PerfEntityMetric{SampleInfo: info(3), Value: []types.BasePerfMetricSeries{series(1, "", 1, 2, 3)}},
			func(t *testing.T, rs []iokit.Reading) {
				if len(rs) != 0 {
					t.Errorf("got %v", rs)
				}
			}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s.last["vm-42"] = c.last
			c.check(t, s.Readings("vm-42", c.em))
		})
	}
}
