#!/usr/bin/env bash
# Measures the vSphere collector against a 1,000-VM inventory (a figure, not a test): starts the harness
# (iokit-vcsim: 10 clusters of 10 hosts and 100 VMs, 4 datastores), runs iokit-vsphere for 10 minutes (or -d), and prints
# its CPU seconds, peak RSS (GNU time's maximum resident set, else VmHWM), the file's size and its size per VM-day, and
# how long each re-read of the inventory took (every 5 minutes).
#   bash collector/vsphere/bench.sh            # 10 minutes
#   bash collector/vsphere/bench.sh -d 2m      # a quick try
set -euo pipefail
DURATION=10m
while getopts d: opt; do
  case $opt in
    d) DURATION=$OPTARG ;;
    *) echo "usage: $0 [-d duration]" >&2; exit 2 ;;
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
collect=("$work/iokit-vsphere" -server "$server" -user user -duration "$DURATION" -progress -o "$work/bench.iokit")
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
grep 'inventory read again' "$work/stderr" || true
tail -n 1 "$work/stderr"
size=$(stat -c %s "$work/bench.iokit")
# One pass through the file (no early-closed pipe): VMs and hosts of the header, samples of the end record.
read -r vms hosts samples < <(gzip -dc "$work/bench.iokit" | awk '
  NR == 1 { vms = gsub(/"entity":"vm"/, ""); hosts = gsub(/"entity":"host"/, "") }
  { last = $0 }
  END { match(last, /[0-9]+/); print vms, hosts, substr(last, RSTART, RLENGTH) }')
seconds=$(awk -v d="$DURATION" 'BEGIN { n = d + 0; u = substr(d, length(d)); print (u == "m" ? n * 60 : u == "h" ? n * 3600 : u == "d" ? n * 86400 : n) }')
awk -v t="${cpu_ticks:-0}" -v hz="$hz" -v peak="$peak" -v size="$size" -v vms="$vms" -v hosts="$hosts" \
  -v samples="$samples" -v s="$seconds" -v d="$DURATION" 'BEGIN {
  printf "inventory: %d hosts, %d VMs; collected %s: %d samples\n", hosts, vms, d, samples
  printf "collector CPU: %.1f s (%.2f %% of one core)\n", t / hz, 100 * t / hz / s
  printf "collector peak RSS: %.1f MB\n", peak / 1024
  printf "file: %.1f KB, %.1f KB per VM-day (hosts included, %d entities)\n", size / 1024, size / 1024 / (vms * s / 86400), hosts + vms
}'
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
