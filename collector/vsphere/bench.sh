#!/usr/bin/env bash
# Measures the vSphere collector against a 1,000-VM inventory (a figure, not a test): starts the harness
# (iokit-vcsim: 10 clusters of 10 hosts and 100 VMs, 4 datastores), runs iokit-vsphere for 10 minutes (or -d), and prints
# its CPU seconds, peak RSS (GNU time's maximum resident set, else VmHWM), the file's size and its size per VM-day, how
# long each re-read of the inventory took (every 5 minutes), and how many files a 1,000-VM week takes under the
# per-file limit (-max-file-size, issue #41).
#   bash collector/vsphere/bench.sh                # 10 minutes, the collector's default limit (95MB)
#   bash collector/vsphere/bench.sh -d 2m          # a quick try
#   bash collector/vsphere/bench.sh -d 2m -s 200KB # a small limit: the run itself is written in parts
set -euo pipefail
DURATION=10m
LIMIT=95MB
while getopts d:s: opt; do
  case $opt in
    d) DURATION=$OPTARG ;;
    s) LIMIT=$OPTARG ;;
    *) echo "usage: $0 [-d duration] [-s max-file-size]" >&2; exit 2 ;;
  esac
done
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
work=$(mktemp -d)
trap 'kill -INT "$sim" 2>/dev/null; wait "$sim" 2>/dev/null; rm -rf "$work"' EXIT
cd "$VSPHERE_GOPATH_DIR"
go build -o "$work/iokit-vcsim" ./vcsim
go build -o "$work/iokit-vsphere" ./cmd/iokit-vsphere
# 10 clusters × 10 hosts, 100 VMs per cluster (the simulator's Machine is per resource pool), no standalone host.
"$work/iokit-vcsim" -clusters 10 -hosts 10 -standalone 0 -vms 100 -datastores 4 -off 0 -suspended 0 >"$work/url" &
sim=$!
for _ in $(seq 1 600); do [ -s "$work/url" ] && break; sleep 0.5; done
url=$(head -1 "$work/url")
server="${url%%://*}://${url#*@}"
echo "harness: $server (load average $(cut -d' ' -f1-3 /proc/loadavg))"
collect=("$work/iokit-vsphere" -server "$server" -user user -duration "$DURATION" -progress -max-file-size "$LIMIT"
  -o "$work/bench.iokit")
hz=$(getconf CLK_TCK)
peak=0
if [ -x /usr/bin/time ]; then
  # GNU time gives the whole run's CPU and peak RSS, the file's assembly at the end included.
  IOKIT_VSPHERE_PASSWORD=pass /usr/bin/time -f '%U %S %M' -o "$work/time" "${collect[@]}" 2>"$work/stderr" || true
  read -r user sys peak <"$work/time"
  cpu_ticks=$(awk -v u="$user" -v s="$sys" -v hz="$hz" 'BEGIN { printf "%d", (u + s) * hz }')
else
  IOKIT_VSPHERE_PASSWORD=pass "${collect[@]}" 2>"$work/stderr" &
  pid=$!
  while kill -0 "$pid" 2>/dev/null; do
    hwm=$(awk '/^VmHWM/ {print $2}' "/proc/$pid/status" 2>/dev/null || true)
    [ -n "$hwm" ] && [ "$hwm" -gt "$peak" ] && peak=$hwm
    # CPU seconds from /proc/<pid>/stat (utime + stime, clock ticks), read while it runs.
    ticks=$(awk '{print $14 + $15}' "/proc/$pid/stat" 2>/dev/null || true)
    [ -n "$ticks" ] && cpu_ticks=$ticks
    sleep 1
  done
  wait "$pid" || true
fi
grep -E 'inventory read again|is complete' "$work/stderr" || true
tail -n 1 "$work/stderr"
# One file, or its parts (bench-part01.iokit, …): sizes and samples added up, VMs and hosts of the last header.
files=("$work/bench.iokit")
[ -e "$work/bench.iokit" ] || files=("$work"/bench-part*.iokit)
size=0 samples=0
for f in "${files[@]}"; do
  size=$((size + $(stat -c %s "$f")))
  # One pass through the file (no early-closed pipe): VMs and hosts of the header, samples of the end record.
  read -r vms hosts n < <(gzip -dc "$f" | awk '
    NR == 1 { vms = gsub(/"entity":"vm"/, ""); hosts = gsub(/"entity":"host"/, "") }
    { last = $0 }
    END { match(last, /[0-9]+/); print vms, hosts, substr(last, RSTART, RLENGTH) }')
  samples=$((samples + n))
done
# The limit in bytes, binary units as the collector reads them (95MB = 95 × 1024 × 1024).
limit=$(awk -v s="$LIMIT" 'BEGIN {
  n = s + 0; u = toupper(substr(s, length(n "") + 1)); sub(/^ +/, "", u)
  m = (u ~ /^G/) ? 1073741824 : (u ~ /^M/) ? 1048576 : (u ~ /^K/) ? 1024 : 1
  printf "%d", n * m }')
seconds=$(awk -v d="$DURATION" 'BEGIN { n = d + 0; u = substr(d, length(d)); print (u == "m" ? n * 60 : u == "h" ? n * 3600 : u == "d" ? n * 86400 : n) }')
awk -v t="${cpu_ticks:-0}" -v hz="$hz" -v peak="$peak" -v size="$size" -v vms="$vms" -v hosts="$hosts" \
  -v samples="$samples" -v s="$seconds" -v d="$DURATION" -v files="${#files[@]}" -v limit="$limit" -v lim="$LIMIT" 'BEGIN {
  printf "inventory: %d hosts, %d VMs; collected %s: %d samples\n", hosts, vms, d, samples
  printf "collector CPU: %.1f s (%.2f %% of one core)\n", t / hz, 100 * t / hz / s
  printf "collector peak RSS: %.1f MB\n", peak / 1024
  perday = size / (vms * s / 86400)
  printf "files: %d, %.1f KB in all, %.1f KB per VM-day (hosts included, %d entities)\n", files, size / 1024, perday / 1024, hosts + vms
  week = perday * 1000 * 7
  printf "a 1,000-VM week: %.2f GB, at least %d files of at most %s (-max-file-size)\n", week / 1073741824, int(week / limit) + (week % limit > 0), lim
}'
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
