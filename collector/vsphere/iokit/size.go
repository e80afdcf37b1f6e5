package iokit

import (
	"crypto/rand"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Size units, binary as the portal counts its upload limit (100 MB = 100 × 1024 × 1024 bytes).
const (
	KB int64 = 1 << 10
	MB int64 = 1 << 20
	GB int64 = 1 << 30
)

// DefaultMaxFileSize is a part's default limit: under the portal's 100 MB per file, with room to spare.
const DefaultMaxFileSize = 95 * MB

var sizeUnits = map[string]int64{"": 1, "b": 1, "kb": KB, "kib": KB, "k": KB, "mb": MB, "mib": MB, "m": MB,
	"gb": GB, "gib": GB, "g": GB}

// ParseSize reads a file size: a number of bytes, or with a unit KB, MB or GB (binary, as the portal counts; KiB,
// MiB, GiB and K, M, G are the same), e.g. 200KB, 95MB, 1.5GB. 0 means no limit; a negative size is none.
func ParseSize(s string) (int64, error) {
	in := strings.ToLower(strings.TrimSpace(s))
	i := strings.IndexFunc(in, func(r rune) bool { return (r < '0' || r > '9') && r != '.' })
	if i < 0 {
		i = len(in)
	}
	unit, ok := sizeUnits[strings.TrimSpace(in[i:])]
	n, err := strconv.ParseFloat(in[:i], 64)
	if !ok || err != nil || in[:i] == "" {
		return 0, fmt.Errorf("%q is not a size (examples: 200KB, 95MB, 1GB)", s)
	}
	bytes := n * float64(unit)
	if bytes >= math.MaxInt64/2 {
		return 0, fmt.Errorf("%q is too large a size", s)
	}
	if bytes > 0 && bytes < 1 {
		return 0, fmt.Errorf("%q is less than one byte", s)
	}
	return int64(bytes), nil
}

// FormatSize writes bytes in the largest unit that keeps one whole of it (1.5 MB, 200.0 KB, 512 B).
func FormatSize(n int64) string {
	switch {
	case n >= GB:
		return fmt.Sprintf("%.1f GB", float64(n)/float64(GB))
	case n >= MB:
		return fmt.Sprintf("%.1f MB", float64(n)/float64(MB))
	case n >= KB:
		return fmt.Sprintf("%.1f KB", float64(n)/float64(KB))
	}
	return fmt.Sprintf("%d B", n)
}

// NewCollectionID is a random (version 4) UUID: the id every part of one collection carries.
func NewCollectionID() (string, error) {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", err
	}
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16]), nil
}
