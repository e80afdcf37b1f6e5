package collect

import (
	"context"
	"crypto/x509"
	"errors"
	"fmt"
	"net"
	"net/url"
	"strings"

	"github.com/vmware/govmomi/vim25/soap"
	"github.com/vmware/govmomi/vim25/types"
)

// Exit codes of iokit-vsphere (README "Failures and exit codes").
const (
	ExitOK           = 0 // the collection ran (to its end, or stopped by SIGINT/SIGTERM) and the file is written
	ExitFailure      = 1 // another error reading from vSphere
	ExitUsage        = 2 // wrong flags, or no password
	ExitLogin        = 3 // the user name or password was refused
	ExitUnreachable  = 4 // the server cannot be reached
	ExitTLS          = 5 // the server's certificate is not trusted
	ExitNoPermission = 6 // the user lacks a privilege for a read
	ExitNoSamples    = 7 // the collection ended before any sample was taken: no file is written
	ExitOutput       = 8 // the output file cannot be written
)

// Failure is an error with its exit code and the one sentence said about it.
type Failure struct {
	Code     int
	Sentence string
	Err      error
}

func (f *Failure) Error() string { return f.Sentence }
func (f *Failure) Unwrap() error { return f.Err }

// Classify turns an error from connecting, logging in or reading into a Failure with its exit code and sentence.
// server names the server as the user gave it.
func Classify(err error, server string) *Failure {
	var f *Failure
	if errors.As(err, &f) {
		return f
	}
	if soap.IsSoapFault(err) {
		switch fault := soap.ToSoapFault(err).VimFault().(type) {
		case types.InvalidLogin, *types.InvalidLogin:
			return &Failure{ExitLogin, fmt.Sprintf("%s refused the user name or password (InvalidLogin): check -user and IOKIT_VSPHERE_PASSWORD.", server), err}
		case types.NoPermission:
			return noPermission(&fault, server, err)
		case *types.NoPermission:
			return noPermission(fault, server, err)
		case types.NotAuthenticated:
			return noPermission(&fault.NoPermission, server, err)
		case *types.NotAuthenticated:
			return noPermission(&fault.NoPermission, server, err)
		}
	}
	if soap.IsVimFault(err) {
		switch fault := soap.ToVimFault(err).(type) {
		case *types.NoPermission:
			return noPermission(fault, server, err)
		case *types.InvalidLogin:
			return &Failure{ExitLogin, fmt.Sprintf("%s refused the user name or password (InvalidLogin): check -user and IOKIT_VSPHERE_PASSWORD.", server), err}
		}
	}
	var unknownAuthority x509.UnknownAuthorityError
	var hostname x509.HostnameError
	var invalid x509.CertificateInvalidError
	switch {
	case errors.As(err, &unknownAuthority):
		return &Failure{ExitTLS, fmt.Sprintf("The certificate of %s is signed by an unknown authority: pass -ca-file with the CA bundle that signed it, or -insecure to skip the check.", server), err}
	case errors.As(err, &hostname):
		return &Failure{ExitTLS, fmt.Sprintf("The certificate of %s is not valid for that name (%v): connect by a name the certificate holds, or pass -insecure to skip the check.", server, hostname.Error()), err}
	case errors.As(err, &invalid):
		return &Failure{ExitTLS, fmt.Sprintf("The certificate of %s is not valid (%v): renew it, or pass -insecure to skip the check.", server, invalid.Error()), err}
	case strings.Contains(err.Error(), "x509:") || strings.Contains(err.Error(), "tls:"):
		return &Failure{ExitTLS, fmt.Sprintf("The TLS connection to %s failed (%v): pass -ca-file with the CA bundle, or -insecure to skip the check.", server, err), err}
	}
	var opErr *net.OpError
	var dnsErr *net.DNSError
	var urlErr *url.Error
	if errors.As(err, &dnsErr) || errors.As(err, &opErr) || errors.Is(err, context.DeadlineExceeded) ||
		(errors.As(err, &urlErr) && urlErr.Timeout()) {
		return &Failure{ExitUnreachable, fmt.Sprintf("%s cannot be reached (%v): check the address, the port and that a firewall lets this machine through.", server, rootCause(err)), err}
	}
	return &Failure{ExitFailure, fmt.Sprintf("Reading from %s failed: %v.", server, strings.TrimSuffix(err.Error(), ".")), err}
}

func noPermission(fault *types.NoPermission, server string, err error) *Failure {
	object := "an object"
	if fault.Object.Value != "" {
		object = fault.Object.Type + " " + fault.Object.Value
	}
	privilege := fault.PrivilegeId
	if privilege == "" {
		privilege = "System.Read"
	}
	return &Failure{ExitNoPermission, fmt.Sprintf("%s denied a read: the user lacks the privilege %s on %s (NoPermission); give it the Read-only role on the vCenter root, propagated to children.", server, privilege, object), err}
}

func rootCause(err error) error {
	for {
		next := errors.Unwrap(err)
		if next == nil {
			return err
		}
		err = next
	}
}
