// Command iokit-vsphere inventories one vCenter (or ESXi host) and collects the realtime (20 s) performance
// counters of its hosts and VMs into an open collector file, format version 3 (docs/collector-format.md). It only
// reads properties and counters. See collector/vsphere/README.md.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"regexp"
	"syscall"
	"time"

	"iokit/vsphere/collect"
	"iokit/vsphere/iokit"

	"github.com/vmware/govmomi/session"
	"github.com/vmware/govmomi/vim25"
	"github.com/vmware/govmomi/vim25/methods"
	"github.com/vmware/govmomi/vim25/soap"
	"github.com/vmware/govmomi/vim25/types"
)

// version is stamped by build.sh (-ldflags -X main.version=…).
var version = "0.0.0-dev"

const name = "iokit-vsphere"

// giveUpAfter is how long the server may stay unreachable during a collection before the run ends.
const giveUpAfter = 10 * time.Minute

// holdAtMost is how long samples wait for a lagging entity's of the same interval before they are written anyway.
const holdAtMost = 30 * time.Minute

func main() {
	os.Exit(run())
}

// fail prints the one closing sentence and gives the exit code.
func fail(code int, format string, args ...interface{}) int {
	fmt.Fprintf(os.Stderr, format+"\n", args...)
	return code
}

func run() int {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	server := fs.String("server", "", "vCenter or ESXi address or URL (vc.example, https://vc.example/sdk)")
	user := fs.String("user", "", "user name (a read-only role is enough); the password comes from "+collect.PasswordEnv+" or a prompt")
	caFile := fs.String("ca-file", "", "PEM file of the certificate authorities to trust for the server")
	insecure := fs.Bool("insecure", false, "do not verify the server's certificate (an explicit opt-out)")
	durationFlag := fs.String("duration", "7d", "how long to collect, e.g. 10m, 12h, 7d")
	out := fs.String("o", "", "output file (default <server>-<UTC start>.iokit); a split collection's parts are <name>-part01.iokit, -part02, …")
	maxSize := fs.String("max-file-size", "95MB", "the most one file may have, compressed (200KB, 95MB, 1GB; binary units as the portal's 100 MB upload limit; 0: no limit): a longer collection is written in parts")
	showVersion := fs.Bool("version", false, "print the version and exit")
	progress := fs.Bool("progress", false, "print a progress line on stderr every few seconds")
	poll := fs.Duration("poll", 20*time.Second, "how often to query the counters (the realtime interval is 20 s)")
	batch := fs.Int("batch", 50, "entities per QueryPerf request")
	rescan := fs.Duration("rescan", 5*time.Minute, "how often to read the inventory again (VMs created, removed, moved or powered on or off during the run)")
	if err := fs.Parse(os.Args[1:]); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return collect.ExitOK
		}
		return collect.ExitUsage
	}
	if *showVersion {
		fmt.Printf("%s %s\n", name, version)
		return collect.ExitOK
	}
	if fs.NArg() > 0 {
		return fail(collect.ExitUsage, "Unexpected argument %q: every option is a flag (see -h).", fs.Arg(0))
	}
	if *server == "" || *user == "" {
		return fail(collect.ExitUsage, "Give the server and the user: %s -server vc.example -user readonly@vsphere.local (the password from %s or a prompt).", name, collect.PasswordEnv)
	}
	duration, err := iokit.ParseDuration(*durationFlag)
	if err != nil {
		return fail(collect.ExitUsage, "-duration %v.", err)
	}
	if *poll < time.Second {
		return fail(collect.ExitUsage, "-poll must be at least 1s.")
	}
	if *rescan < time.Second {
		return fail(collect.ExitUsage, "-rescan must be at least 1s.")
	}
	limit, err := iokit.ParseSize(*maxSize)
	if err != nil {
		return fail(collect.ExitUsage, "-max-file-size %v.", err)
	}
	collectionID, err := iokit.NewCollectionID()
	if err != nil {
		return fail(collect.ExitFailure, "No random collection id: %v.", err)
	}
	password, ok := collect.Password(*user, *server)
	if !ok {
		return fail(collect.ExitUsage, "No password: set %s, or run in a terminal to be asked for it.", collect.PasswordEnv)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	opts := collect.Options{Server: *server, User: *user, Password: password, CAFile: *caFile, Insecure: *insecure}
	c, err := collect.Connect(ctx, opts)
	if err != nil {
		if ctx.Err() != nil {
			return fail(collect.ExitNoSamples, "Interrupted while connecting to %s: no samples, no file written.", *server)
		}
		f := collect.Classify(err, *server)
		return fail(f.Code, "%s", f.Sentence)
	}
	defer collect.Logout(c)

	started := time.Now().UTC()
	inv, err := collect.ReadInventory(ctx, c, *server)
	if err != nil {
		if ctx.Err() != nil {
			return fail(collect.ExitNoSamples, "Interrupted while reading the inventory of %s: no samples, no file written.", *server)
		}
		f := collect.Classify(err, *server)
		return fail(f.Code, "%s", f.Sentence)
	}
	readAt := serverNow(ctx, c)
	tracker := collect.NewTracker(inv, readAt.UnixMilli())

	path := *out
	if path == "" {
		path = defaultName(*server, started)
	}
	var sampler *collect.Sampler
	w, err := iokit.NewWriter(path, iokit.Options{Limit: limit, CollectionID: collectionID, RunStart: started,
		OnPart: func(p iokit.Part) {
			// Nothing at or before the part's end is asked for again: every interval is in one part only.
			sampler.SkipTo(p.End)
			over := ""
			if limit > 0 && p.Bytes > limit {
				over = fmt.Sprintf(", over -max-file-size %s: one interval and the inventory take more", iokit.FormatSize(limit))
			}
			fmt.Fprintf(os.Stderr, "%s: part %d is complete: %s (%s, %d samples, up to %s%s); part %d begins.\n",
				name, p.Number, p.Path, iokit.FormatSize(p.Bytes), p.Samples, p.End.Format(time.RFC3339), over, p.Number+1)
		}})
	if err != nil {
		return fail(collect.ExitOutput, "The output file %s cannot be written: %v.", path, err)
	}
	since := readAt.Add(-iokit.IntervalSeconds * time.Second)
	sampler, err = collect.NewSampler(ctx, c, tracker.Current(), since)
	if err != nil {
		w.Abort()
		f := collect.Classify(err, *server)
		return fail(f.Code, "%s", f.Sentence)
	}
	sampler.Batch = *batch
	// The header as known now: each part written takes the newest (the inventory changes at each re-read).
	setHeader := func() {
		inv := tracker.Current()
		w.SetHeader(iokit.Header{Type: "header", Format: "iokit", FormatVersion: iokit.FormatVersion,
			Collector: iokit.Collector{Name: name, Version: version}, Source: inv.Source,
			IntervalSeconds: iokit.IntervalSeconds, Datacenters: nonNil(inv.Datacenters),
			Clusters: nonNilClusters(inv.Clusters), Datastores: nonNilDatastores(inv.Datastores),
			Hosts: tracker.Header()})
	}
	setHeader()

	deadline := started.Add(duration)
	pollTick := time.NewTicker(*poll)
	defer pollTick.Stop()
	progressTick := time.NewTicker(5 * time.Second)
	defer progressTick.Stop()
	rescanTick := time.NewTicker(*rescan)
	defer rescanTick.Stop()
	timer := time.NewTimer(time.Until(deadline))
	defer timer.Stop()
	printProgress := func() {
		left := time.Until(deadline).Round(time.Second)
		if left < 0 {
			left = 0
		}
		nHosts, nVMs, nOn := tracker.Current().Counts()
		part := fmt.Sprintf("part %d", w.Part())
		if limit > 0 {
			part += fmt.Sprintf(" (%s of %s)", iokit.FormatSize(w.PartBytes()), iokit.FormatSize(limit))
		}
		fmt.Fprintf(os.Stderr, "%s: %d hosts, %d VMs (%d powered on), %d samples written, writing %s, %s left\n",
			name, nHosts, nVMs, nOn, w.Count(), part, left)
	}
	// A re-read of the inventory: new entities are sampled from the previous read on (vCenter keeps an hour of
	// realtime samples), gone ones stop, moves and power changes go into the VMs' history.
	doRescan := func() {
		began := time.Now()
		next, err := collect.ReadInventory(ctx, c, *server)
		if err != nil {
			if ctx.Err() == nil {
				fmt.Fprintf(os.Stderr, "%s: the inventory could not be read again (%s); the previous one is kept.\n",
					name, trimDot(collect.Classify(err, *server).Sentence))
			}
			return
		}
		now := serverNow(ctx, c)
		ch := tracker.Update(next, now.UnixMilli())
		sampler.Update(tracker.Current(), readAt.Add(-iokit.IntervalSeconds*time.Second))
		readAt = now
		setHeader()
		if *progress {
			fmt.Fprintf(os.Stderr, "%s: inventory read again in %.1f s (%d entities).\n", name,
				time.Since(began).Seconds(), len(next.Hosts))
		}
		if ch.Any() {
			fmt.Fprintf(os.Stderr, "%s: inventory read again: %d added, %d removed, %d moved, %d powered on or off.\n",
				name, ch.Added, ch.Removed, ch.Moved, ch.PowerChanged)
		}
	}

	var failure *collect.Failure
	var unreachableSince time.Time
	relogged := false
	doPoll := func(pctx context.Context) bool { // false: stop the collection
		err := sampler.Poll(pctx, w.Write)
		// Every interval whose samples are all in is written (a part may end there).
		settled := sampler.Settled(readAt.Add(-iokit.IntervalSeconds*time.Second), holdAtMost)
		if serr := w.Settle(settled.UnixMilli()); serr != nil && err == nil {
			err = &collect.Failure{Code: collect.ExitOutput, Sentence: fmt.Sprintf("The samples file %s.samples cannot be written: %v.", path, serr), Err: serr}
		}
		if err == nil {
			unreachableSince, relogged = time.Time{}, false
			return true
		}
		if pctx.Err() != nil {
			return false
		}
		f := collect.Classify(err, *server)
		if isNotAuthenticated(err) && !relogged {
			relogged = true // the session expired: log in again once
			if lerr := relogin(pctx, c, opts); lerr == nil {
				return true
			}
		}
		if f.Code == collect.ExitUnreachable || f.Code == collect.ExitFailure {
			if unreachableSince.IsZero() {
				unreachableSince = time.Now()
			}
			if time.Since(unreachableSince) < giveUpAfter {
				fmt.Fprintf(os.Stderr, "%s: %s Trying again at the next poll.\n", name, f.Sentence)
				return true
			}
		}
		failure = f
		return false
	}

	if *progress {
		printProgress()
	}
	running := doPoll(ctx)
	interrupted := false
	for running {
		select {
		case <-ctx.Done():
			interrupted, running = true, false
		case <-timer.C:
			// One last poll for the samples of the last interval.
			fctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			doPoll(fctx)
			cancel()
			running = false
		case <-pollTick.C:
			running = doPoll(ctx)
			if !running && ctx.Err() != nil {
				interrupted = true
			}
		case <-progressTick.C:
			if *progress {
				printProgress()
			}
		case <-rescanTick.C:
			doRescan()
		}
	}
	if !interrupted && failure == nil && ctx.Err() != nil {
		interrupted = true
	}

	ended := time.Now().UTC()
	// The last part's window holds every sample's interval: the first one may begin before the run did.
	inv = tracker.Current()
	nHosts, nVMs, nOn := inv.Counts()
	setHeader()
	count := w.Count()
	parts, werr := w.Finish(ended)
	written := ""
	switch {
	case errors.Is(werr, iokit.ErrNoSamples) && len(parts) == 0:
		written = "no samples were taken, so no file was written"
	case werr != nil:
		return fail(collect.ExitOutput, "The output file %s cannot be written: %v%s.", path, werr, partsWritten(parts))
	case len(parts) == 1:
		written = fmt.Sprintf("%d samples of %d hosts and %d VMs are in %s", count, nHosts, nOn, parts[0].Path)
	default:
		written = fmt.Sprintf("%d samples of %d hosts and %d VMs are in %d parts: %s … %s", count, nHosts, nOn,
			len(parts), parts[0].Path, parts[len(parts)-1].Path)
	}
	switch {
	case failure != nil:
		return fail(failure.Code, "%s; %s.", trimDot(failure.Sentence), written)
	case werr != nil:
		if interrupted {
			return fail(collect.ExitNoSamples, "Interrupted before the first sample: %s.", written)
		}
		return fail(collect.ExitNoSamples, "The collection ended without samples (%d hosts, %d VMs found): %s.", nHosts, nVMs, written)
	case interrupted && len(parts) > 1:
		return fail(collect.ExitOK, "Interrupted after %s: %s (each a complete file, together the time collected).", ended.Sub(started).Round(time.Second), written)
	case interrupted:
		return fail(collect.ExitOK, "Interrupted after %s: %s (a complete file of the time collected).", ended.Sub(started).Round(time.Second), written)
	default:
		return fail(collect.ExitOK, "Done: %s.", written)
	}
}

// serverNow is the server's clock (sample times are the server's), else ours.
func serverNow(ctx context.Context, c *vim25.Client) time.Time {
	if now, err := methods.GetCurrentTime(ctx, c); err == nil && now != nil {
		return now.UTC()
	}
	return time.Now().UTC()
}

// partsWritten names the parts written before a failure (they are complete files): "" when none.
func partsWritten(parts []iokit.Part) string {
	if len(parts) == 0 {
		return ""
	}
	return fmt.Sprintf(" (parts 1 to %d are complete: %s … %s)", len(parts), parts[0].Path, parts[len(parts)-1].Path)
}

func trimDot(s string) string {
	if len(s) > 0 && s[len(s)-1] == '.' {
		return s[:len(s)-1]
	}
	return s
}

// isNotAuthenticated says whether the session was lost (expired or ended on the server): a new login may help.
func isNotAuthenticated(err error) bool {
	if !soap.IsSoapFault(err) {
		return false
	}
	switch soap.ToSoapFault(err).VimFault().(type) {
	case types.NotAuthenticated, *types.NotAuthenticated:
		return true
	}
	return false
}

func relogin(ctx context.Context, c *vim25.Client, o collect.Options) error {
	return session.NewManager(c).Login(ctx, userinfo(o))
}

var unsafeName = regexp.MustCompile(`[^A-Za-z0-9._-]+`)

// defaultName is <server>-<UTC start>.iokit, the server reduced to its host name.
func defaultName(server string, start time.Time) string {
	host := server
	if u, err := collect.ServerURL(server); err == nil {
		host = u.Hostname()
	}
	host = unsafeName.ReplaceAllString(host, "_")
	return fmt.Sprintf("%s-%s.iokit", host, start.Format("20060102T150405Z"))
}

func nonNil(x []iokit.Datacenter) []iokit.Datacenter {
	if x == nil {
		return []iokit.Datacenter{}
	}
	return x
}

func nonNilClusters(x []iokit.Cluster) []iokit.Cluster {
	if x == nil {
		return []iokit.Cluster{}
	}
	return x
}

func nonNilDatastores(x []iokit.Datastore) []iokit.Datastore {
	if x == nil {
		return []iokit.Datastore{}
	}
	return x
}
