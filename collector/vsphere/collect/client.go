// Package collect reads a vSphere inventory and its realtime performance counters with govmomi, read-only.
package collect

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/vmware/govmomi/session"
	"github.com/vmware/govmomi/vim25"
	"github.com/vmware/govmomi/vim25/soap"
)

// Options say how to reach and log in to the server.
type Options struct {
	Server   string // address or URL of a vCenter or ESXi
	User     string
	Password string
	CAFile   string // PEM bundle of the authorities that may sign the server's certificate
	Insecure bool   // skip the certificate check (an explicit opt-out)
}

// ServerURL turns an address (vc.example, vc.example:8443, https://vc.example/sdk) into the SDK URL.
func ServerURL(server string) (*url.URL, error) {
	s := strings.TrimSpace(server)
	if s == "" {
		return nil, fmt.Errorf("no server given")
	}
	u, err := soap.ParseURL(s)
	if err != nil {
		return nil, err
	}
	if u == nil || u.Host == "" {
		return nil, fmt.Errorf("%q is not a server address", server)
	}
	u.User = nil
	return u, nil
}

// Connect opens a session: the service content first (which proves the address and the TLS trust), then the login.
func Connect(ctx context.Context, o Options) (*vim25.Client, error) {
	u, err := ServerURL(o.Server)
	if err != nil {
		return nil, &Failure{ExitUsage, fmt.Sprintf("-server %q is not a usable address: %v.", o.Server, err), err}
	}
	sc := soap.NewClient(u, o.Insecure)
	if o.CAFile != "" {
		if err := sc.SetRootCAs(o.CAFile); err != nil {
			return nil, &Failure{ExitUsage, fmt.Sprintf("-ca-file %s cannot be read as PEM certificates: %v.", o.CAFile, err), err}
		}
	}
	cctx, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	c, err := vim25.NewClient(cctx, sc)
	if err != nil {
		return nil, Classify(err, o.Server)
	}
	if err := session.NewManager(c).Login(cctx, url.UserPassword(o.User, o.Password)); err != nil {
		return nil, Classify(err, o.Server)
	}
	return c, nil
}

// Logout ends the session (best effort).
func Logout(c *vim25.Client) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_ = session.NewManager(c).Logout(ctx)
}
