package iokit

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"sort"
	"time"
)

// ErrNoSamples is returned by Finish when no sample was taken: a file without samples is refused by readers
// (iokit_file_empty), so none is written.
var ErrNoSamples = errors.New("no samples were collected")

// Options of a Writer.
type Options struct {
	// Limit is the most bytes one file may have (compressed, as uploaded); 0: no limit, one file.
	Limit int64
	// CollectionID is written in every part's header when the collection is split.
	CollectionID string
	// RunStart is when the collection began: the first part's window starts there (or at its first interval).
	RunStart time.Time
	// OnPart, when set, is told each part finished before the last (its samples can be uploaded already).
	OnPart func(Part)
}

// Part is one file written: a whole collection, or one part of one split under the limit.
type Part struct {
	Path    string
	Number  int
	Samples int64
	Bytes   int64
	// Start and End are the header's window; a part's End is the next part's Start.
	Start, End time.Time
}

// pending is a sample taken but not yet settled: a sample of another entity may still come for its interval.
type pending struct {
	tMs, intervalMs int64
	line            []byte
}

// counter counts the bytes written through it.
type counter struct {
	w io.Writer
	n int64
}

func (c *counter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// Writer writes a collection as one file, or as parts each under Options.Limit (issue #41: the portal takes at most
// 100 MB per file). Samples are held until they are settled — no sample of an earlier or the same interval can
// come any more (Settle) — then written in time order, gzipped, to a temporary file beside the output
// (<file>.samples). A part ends at an interval boundary before the limit would be passed: its file is a gzip member
// with the header (the inventory as known then, SetHeader), the samples' member and a member with the end record,
// renamed into place. Every interval's samples are in exactly one part; parts follow each other without a gap or
// an overlap in time.
type Writer struct {
	path string
	o    Options

	header     Header
	headerSize int64 // compressed bytes of the header with a part's fields; -1: not measured since SetHeader

	pending []pending
	lastTMs map[string]int64
	taken   int64

	number     int // the part being written, from 1
	samples    string
	f          *os.File
	out        *counter
	zw         *gzip.Writer
	count      int64 // samples in this part
	sinceFlush int64 // uncompressed bytes given to zw since its last flush
	startMs    int64 // this part's window start: the previous part's end (from the second part on)
	firstMs    int64 // the earliest interval start of this part's samples
	lastMs     int64 // the latest sample time of this part
	parts      []Part
	finished   bool
}

// endBytes bounds what closing a part adds after its last sample: the samples member's last block and trailer and a
// gzip member holding the end record.
const endBytes = 96

// headerSlack covers the difference between the measured header and the one written (other digits in its times
// and part number).
const headerSlack = 64

// NewWriter creates the temporary samples file for the output path (path + ".samples").
func NewWriter(path string, o Options) (*Writer, error) {
	w := &Writer{path: path, o: o, samples: path + ".samples", lastTMs: map[string]int64{}, headerSize: -1}
	if err := w.open(1, 0); err != nil {
		return nil, err
	}
	return w, nil
}

// open starts part n (its samples file emptied), whose window starts at startMs (0 for the first).
func (w *Writer) open(n int, startMs int64) error {
	f, err := os.OpenFile(w.samples, os.O_CREATE|os.O_TRUNC|os.O_RDWR, 0o600)
	if err != nil {
		return err
	}
	w.f, w.out = f, &counter{w: f}
	w.zw = gzip.NewWriter(w.out)
	w.number, w.count, w.sinceFlush, w.startMs, w.firstMs, w.lastMs = n, 0, 0, startMs, 0, 0
	return nil
}

// Path is the output path as given: the file of a collection that fits in one.
func (w *Writer) Path() string { return w.path }

// PartPath is the name of part n of a split collection: <name>-part01<.ext>, -part02, …
func (w *Writer) PartPath(n int) string {
	ext := filepath.Ext(w.path)
	return fmt.Sprintf("%s-part%02d%s", w.path[:len(w.path)-len(ext)], n, ext)
}

// Count is the number of samples taken so far (written and held).
func (w *Writer) Count() int64 { return w.taken }

// Part is the number of the part being written, from 1.
func (w *Writer) Part() int { return w.number }

// PartBytes is about how large the part being written is so far (compressed samples; the held ones not yet).
func (w *Writer) PartBytes() int64 { return w.out.n }

// Parts are the parts finished so far.
func (w *Writer) Parts() []Part { return append([]Part(nil), w.parts...) }

// SetHeader gives the header as the collector knows it now (inventory, source): the next part finished writes it,
// with its own window and part. Call it again whenever the inventory changes.
func (w *Writer) SetHeader(h Header) {
	w.header = h
	w.headerSize = -1
}

// Write takes one sample. Samples of one entity must come in strictly increasing tMs, after the parts already
// written: an older or repeated one is an error and is not taken.
func (w *Writer) Write(s Sample) error {
	if last, ok := w.lastTMs[s.Host]; ok && s.TMs <= last {
		return fmt.Errorf("sample of %s at %d is not after its previous one at %d", s.Host, s.TMs, last)
	}
	if w.number > 1 && s.TMs <= w.startMs {
		return fmt.Errorf("sample of %s at %d is in a part already written (it ends at %d)", s.Host, s.TMs, w.startMs)
	}
	line, err := json.Marshal(s)
	if err != nil {
		return err
	}
	w.lastTMs[s.Host] = s.TMs
	w.pending = append(w.pending, pending{tMs: s.TMs, intervalMs: s.IntervalMs, line: append(line, '\n')})
	w.taken++
	return nil
}

// Settle writes the samples of every interval ending at or before floorMs (no other sample of those intervals can
// come any more), oldest first, ending the part and beginning the next wherever the limit would be passed.
func (w *Writer) Settle(floorMs int64) error {
	if w.finished {
		return errors.New("the file is already written")
	}
	sort.SliceStable(w.pending, func(i, j int) bool { return w.pending[i].tMs < w.pending[j].tMs })
	n := sort.Search(len(w.pending), func(i int) bool { return w.pending[i].tMs > floorMs })
	if n == 0 {
		return nil
	}
	for i := 0; i < n; {
		j, size := i, int64(0)
		for ; j < n && w.pending[j].tMs == w.pending[i].tMs; j++ {
			size += int64(len(w.pending[j].line))
		}
		if err := w.fit(size); err != nil {
			return err
		}
		for _, p := range w.pending[i:j] {
			if _, err := w.zw.Write(p.line); err != nil {
				return err
			}
			if w.count == 0 || p.tMs-p.intervalMs < w.firstMs {
				w.firstMs = p.tMs - p.intervalMs
			}
			if p.tMs > w.lastMs {
				w.lastMs = p.tMs
			}
			w.count++
		}
		w.sinceFlush += size
		i = j
	}
	w.pending = append(w.pending[:0:0], w.pending[n:]...)
	// A flush per settle keeps the samples file current and its size known at each interval written.
	w.sinceFlush = 0
	return w.zw.Flush()
}

// deflated bounds what n bytes can take compressed (deflate falls back to stored blocks: 5 bytes per block of at
// most 64 KiB), with a sync flush's marker.
func deflated(n int64) int64 { return n + 5*(n/16384+1) + 5 }

// fit ends the part before an interval of size bytes (uncompressed) when the part could then pass the limit.
func (w *Writer) fit(size int64) error {
	if w.o.Limit <= 0 || w.count == 0 {
		return nil
	}
	header, err := w.measureHeader()
	if err != nil {
		return err
	}
	over := func() bool {
		return w.out.n+deflated(w.sinceFlush)+deflated(size)+header+headerSlack+endBytes > w.o.Limit
	}
	if !over() {
		return nil
	}
	if w.sinceFlush > 0 { // the bound may be loose: the bytes written so far exactly
		if err := w.zw.Flush(); err != nil {
			return err
		}
		w.sinceFlush = 0
		if !over() {
			return nil
		}
	}
	return w.rotate()
}

// measureHeader is the compressed size of the header as a part writes it (once per SetHeader).
func (w *Writer) measureHeader() (int64, error) {
	if w.headerSize >= 0 {
		return w.headerSize, nil
	}
	var buf bytes.Buffer
	h := w.header
	at := time.Unix(0, 0).UTC().Format(time.RFC3339)
	h.Start, h.End, h.Collection = at, at, &Collection{ID: w.o.CollectionID, Part: w.number + 1}
	if err := writeMember(&buf, h); err != nil {
		return 0, err
	}
	w.headerSize = int64(buf.Len())
	return w.headerSize, nil
}

// rotate ends the part being written at its last interval and begins the next.
func (w *Writer) rotate() error {
	p, err := w.close(w.PartPath(w.number), false, time.Time{})
	if err != nil {
		return err
	}
	w.parts = append(w.parts, p)
	if err := w.open(w.number+1, p.End.UnixMilli()); err != nil {
		return err
	}
	if w.o.OnPart != nil {
		w.o.OnPart(p)
	}
	return nil
}

// close writes the part being written to target: its header, samples and end record. The last part's window ends
// at runEnd or its last sample; another's at its last sample, where the next one begins. Only a split collection's
// header names its collection and part.
func (w *Writer) close(target string, last bool, runEnd time.Time) (p Part, err error) {
	if err := w.zw.Close(); err != nil {
		w.f.Close()
		return p, err
	}
	var from, to time.Time
	if w.number == 1 {
		from = time.UnixMilli(w.firstMs).UTC()
		if !w.o.RunStart.IsZero() && w.o.RunStart.Before(from) {
			from = w.o.RunStart.UTC()
		}
		from = from.Truncate(time.Second)
	} else {
		from = time.UnixMilli(w.startMs).UTC()
	}
	to = time.UnixMilli(w.lastMs).UTC()
	if last && runEnd.After(to) {
		to = runEnd.UTC()
	}
	// A part's end is its last sample's time (on the second), where the next part begins.
	to = to.Add(time.Second - 1).Truncate(time.Second)
	h := w.header
	h.Start, h.End = from.Format(time.RFC3339), to.Format(time.RFC3339)
	if !last || w.number > 1 {
		h.Collection = &Collection{ID: w.o.CollectionID, Part: w.number}
	}
	tmp := target + ".tmp"
	out, err := os.OpenFile(tmp, os.O_CREATE|os.O_TRUNC|os.O_WRONLY, 0o644)
	if err != nil {
		w.f.Close()
		return p, err
	}
	defer func() {
		if err != nil {
			out.Close()
			os.Remove(tmp)
		}
	}()
	// Three gzip members, read as one text: the header, the samples as compressed while collecting, the end.
	cw := &counter{w: out}
	if err = writeMember(cw, h); err != nil {
		w.f.Close()
		return p, err
	}
	if _, err = w.f.Seek(0, io.SeekStart); err == nil {
		_, err = io.Copy(cw, w.f)
	}
	if cerr := w.f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return p, err
	}
	if err = writeMember(cw, End{Type: "end", Samples: w.count}); err != nil {
		return p, err
	}
	if err = out.Close(); err != nil {
		return p, err
	}
	if err = os.Rename(tmp, target); err != nil {
		return p, err
	}
	return Part{Path: target, Number: w.number, Samples: w.count, Bytes: cw.n, Start: from, End: to}, nil
}

// writeMember writes one JSON line as a gzip member of its own.
func writeMember(dst io.Writer, v interface{}) error {
	zw := gzip.NewWriter(dst)
	enc := json.NewEncoder(zw)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return err
	}
	return zw.Close()
}

// Finish writes every sample still held and the last part, which ends at runEnd (or its last sample): the file at
// Path when the collection fits in one, else the last of its parts. It removes the samples file. Without samples it
// writes nothing (ErrNoSamples). It gives every file written, in order.
func (w *Writer) Finish(runEnd time.Time) ([]Part, error) {
	if w.finished {
		return nil, errors.New("the file is already written")
	}
	err := w.Settle(math.MaxInt64)
	w.finished = true
	defer os.Remove(w.samples)
	if err != nil {
		w.zw.Close()
		w.f.Close()
		return w.Parts(), err
	}
	if w.count == 0 {
		w.zw.Close()
		w.f.Close()
		return w.Parts(), ErrNoSamples
	}
	target := w.path
	if w.number > 1 {
		target = w.PartPath(w.number)
	}
	p, err := w.close(target, true, runEnd)
	if err != nil {
		return w.Parts(), err
	}
	w.parts = append(w.parts, p)
	return w.Parts(), nil
}

// Abort removes the temporary samples file without writing the output (parts already written stay).
func (w *Writer) Abort() {
	if !w.finished {
		w.finished = true
		w.zw.Close()
		w.f.Close()
		os.Remove(w.samples)
	}
}
