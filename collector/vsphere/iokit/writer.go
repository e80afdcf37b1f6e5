package iokit

import (
	"bufio"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"time"
)

// ErrNoSamples is returned by Finish when no sample was taken: a file without samples is refused by readers
// (iokit_file_empty), so none is written.
var ErrNoSamples = errors.New("no samples were collected")

// Writer keeps the sample lines in a temporary file beside the output as they are taken (a run that stops early
// loses little) and assembles header + samples + end through gzip when the collection ends (the header's end time
// is known only then).
type Writer struct {
	path     string
	samples  string
	f        *os.File
	buf      *bufio.Writer
	enc      *json.Encoder
	count    int64
	lastTMs  map[string]int64
	firstMs  int64
	lastMs   int64
	finished bool
}

// NewWriter creates the temporary samples file for the output path (path + ".samples").
func NewWriter(path string) (*Writer, error) {
	samples := path + ".samples"
	f, err := os.OpenFile(samples, os.O_CREATE|os.O_TRUNC|os.O_WRONLY, 0o600)
	if err != nil {
		return nil, err
	}
	buf := bufio.NewWriterSize(f, 256<<10)
	enc := json.NewEncoder(buf)
	enc.SetEscapeHTML(false)
	return &Writer{path: path, samples: samples, f: f, buf: buf, enc: enc, lastTMs: map[string]int64{}}, nil
}

// Path is the output file's path.
func (w *Writer) Path() string { return w.path }

// Count is the number of sample lines written so far.
func (w *Writer) Count() int64 { return w.count }

// Write appends one sample line. Samples of one entity must come in strictly increasing tMs: an older or repeated
// one is an error and is not written.
func (w *Writer) Write(s Sample) error {
	if last, ok := w.lastTMs[s.Host]; ok && s.TMs <= last {
		return fmt.Errorf("sample of %s at %d is not after its previous one at %d", s.Host, s.TMs, last)
	}
	if err := w.enc.Encode(s); err != nil {
		return err
	}
	w.lastTMs[s.Host] = s.TMs
	if w.count == 0 || s.TMs-s.IntervalMs < w.firstMs {
		w.firstMs = s.TMs - s.IntervalMs
	}
	if s.TMs > w.lastMs {
		w.lastMs = s.TMs
	}
	w.count++
	return nil
}

// Span is the time the samples cover, from the start of the earliest interval to the latest sample (ok false
// without samples): the header's start and end include it.
func (w *Writer) Span() (first, last time.Time, ok bool) {
	return time.UnixMilli(w.firstMs).UTC(), time.UnixMilli(w.lastMs).UTC(), w.count > 0
}

// Flush pushes the buffered samples to the temporary file.
func (w *Writer) Flush() error { return w.buf.Flush() }

// Finish writes the output file: the header, every sample line and the end record, gzipped, through a temporary
// name renamed into place; then removes the samples file. Without samples it writes nothing (ErrNoSamples).
func (w *Writer) Finish(h Header) (err error) {
	if w.finished {
		return errors.New("the file is already written")
	}
	w.finished = true
	defer os.Remove(w.samples)
	if err := w.buf.Flush(); err != nil {
		w.f.Close()
		return err
	}
	if err := w.f.Close(); err != nil {
		return err
	}
	if w.count == 0 {
		return ErrNoSamples
	}
	tmp := w.path + ".tmp"
	out, err := os.OpenFile(tmp, os.O_CREATE|os.O_TRUNC|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			out.Close()
			os.Remove(tmp)
		}
	}()
	zw := gzip.NewWriter(out)
	enc := json.NewEncoder(zw)
	enc.SetEscapeHTML(false)
	if err = enc.Encode(h); err != nil {
		return err
	}
	in, err := os.Open(w.samples)
	if err != nil {
		return err
	}
	_, err = io.Copy(zw, in)
	in.Close()
	if err != nil {
		return err
	}
	if err = enc.Encode(End{Type: "end", Samples: w.count}); err != nil {
		return err
	}
	if err = zw.Close(); err != nil {
		return err
	}
	if err = out.Close(); err != nil {
		return err
	}
	return os.Rename(tmp, w.path)
}

// Abort removes the temporary samples file without writing the output.
func (w *Writer) Abort() {
	if !w.finished {
		w.finished = true
		w.f.Close()
		os.Remove(w.samples)
	}
}
