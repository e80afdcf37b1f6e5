#!/bin/sh
# iokit-collect.sh - the open Linux collector: samples /proc/stat, /proc/meminfo, /proc/diskstats and /proc/net/dev
# every N seconds for a chosen duration and writes an open collector file (format v2, gzip-compressed JSON Lines;
# docs/collector-format.md). POSIX sh + awk + gzip only: nothing to install on the machine assessed.
#
#   sh iokit-collect.sh [-i interval_seconds] [-d duration_seconds] [-o output_file] [-a]
#
# Defaults: -i 60 (one sample a minute), -d 604800 (seven days), -o ./<hostname>-<UTC start>.iokit; whole disks only
# (-a also lists device-mapper and md devices, with their layer: readers add up whole disks only).
# Stop early with Ctrl-C (or kill -TERM): the samples taken so far are written as a complete file.
#
# Samples are taken on the clock's grid (every whole multiple of the interval since the epoch, as the portal's totals
# are aligned); each sample states its time (tMs) and its measured interval (intervalMs, from /proc/uptime, 10 ms),
# and each rate is the counter difference over that interval. A counter that went backwards (wrap, reset) gives null.
# IOKIT_PROC, IOKIT_SYS and IOKIT_ETC (default /proc, /sys and /etc), IOKIT_DF (default df) and IOKIT_DETECT_VIRT
# (default systemd-detect-virt) let the tests feed a recorded machine.

set -u

VERSION=2.0.0
INTERVAL=60
DURATION=604800
OUT=
ALL_DEVICES=0
PROC=${IOKIT_PROC:-/proc}
SYS=${IOKIT_SYS:-/sys}
DF=${IOKIT_DF:-df}
ETC=${IOKIT_ETC:-/etc}
DETECT_VIRT=${IOKIT_DETECT_VIRT:-systemd-detect-virt}

usage() {
  echo "usage: $0 [-i interval_seconds] [-d duration_seconds] [-o output_file] [-a]" >&2
  exit 2
}

while getopts i:d:o:ah opt; do
  case $opt in
    i) INTERVAL=$OPTARG ;;
    d) DURATION=$OPTARG ;;
    o) OUT=$OPTARG ;;
    a) ALL_DEVICES=1 ;;
    *) usage ;;
  esac
done

case $INTERVAL in '' | *[!0-9]*) echo "iokit-collect: -i needs whole seconds (at least 1)" >&2; exit 2 ;; esac
case $DURATION in '' | *[!0-9]*) echo "iokit-collect: -d needs whole seconds" >&2; exit 2 ;; esac
if [ "$INTERVAL" -lt 1 ] || [ "$DURATION" -lt "$INTERVAL" ]; then
  echo "iokit-collect: the interval must be at least 1 s and the duration at least one interval" >&2
  exit 2
fi
for f in "$PROC/stat" "$PROC/meminfo" "$PROC/diskstats" "$PROC/net/dev" "$PROC/uptime"; do
  [ -r "$f" ] || { echo "iokit-collect: cannot read $f (is this Linux?)" >&2; exit 1; }
done
# Fractional sleeps (GNU coreutils, busybox) let the sampler wake on the grid; otherwise whole seconds.
FRACTIONAL_SLEEP=0
sleep 0.01 2>/dev/null && FRACTIONAL_SLEEP=1

HOST=$( (hostname) 2>/dev/null || cat /proc/sys/kernel/hostname 2>/dev/null || uname -n)
[ -n "$OUT" ] || OUT="./$HOST-$(date -u +%Y%m%dT%H%M%SZ).iokit"

WORK=${TMPDIR:-/tmp}/iokit-collect.$$
mkdir -m 700 "$WORK" || { echo "iokit-collect: cannot create $WORK" >&2; exit 1; }
trap 'rm -rf "$WORK"' EXIT
STOPPED=0
AWK_PID=
# Stopping early (Ctrl-C, kill -TERM, hang-up) ends the sampler; the samples so far become a complete file.
trap 'STOPPED=1; [ -z "$AWK_PID" ] || kill "$AWK_PID" 2>/dev/null' INT TERM HUP

# ---- inventory -------------------------------------------------------------------------------------------------
OS=$(awk -F= '$1 == "PRETTY_NAME" { v = $2; gsub(/^"|"$/, "", v); print v; exit }' /etc/os-release 2>/dev/null)
[ -n "$OS" ] || OS="$(uname -s) $(uname -r)"
CPU_MODEL=$(awk -F': *' '/^(model name|Hardware|Processor|cpu model)[ \t]*:/ { print $2; exit }' "$PROC/cpuinfo" 2>/dev/null)
[ -n "$CPU_MODEL" ] || CPU_MODEL=$(uname -m)
CORES=$(awk '/^processor[ \t]*:/ { n++ } END { print (n > 0 ? n : 1) }' "$PROC/cpuinfo" 2>/dev/null)
[ -n "$CORES" ] || CORES=1
MEM_BYTES=$(awk '$1 == "MemTotal:" { printf "%.0f", $2 * 1024 }' "$PROC/meminfo")

# The time zone: an IANA name ($TZ, /etc/timezone, the target of /etc/localtime), else the UTC offset of `date +%z`.
iana() { echo "$1" | awk '/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/ && length($0) <= 64 { print; exit }'; }
TIME_ZONE=$(iana "${TZ:-}")
[ -n "$TIME_ZONE" ] || TIME_ZONE=$(iana "$(cat "$ETC/timezone" 2>/dev/null)")
[ -n "$TIME_ZONE" ] || TIME_ZONE=$(iana "$(readlink "$ETC/localtime" 2>/dev/null | sed -n 's|.*zoneinfo/||p')")
[ -n "$TIME_ZONE" ] || TIME_ZONE=$(date +%z 2>/dev/null | awk '/^[+-][0-9][0-9][0-9][0-9]$/ { print substr($0, 1, 3) ":" substr($0, 4) }')
[ -n "$TIME_ZONE" ] || TIME_ZONE=UTC

# Physical or virtual: systemd-detect-virt when present ("none": physical), else the DMI product and vendor names,
# else the CPU's hypervisor flag; unknown (null) when nothing tells.
MACHINE=null
if VIRT=$($DETECT_VIRT --vm 2>/dev/null) || [ "$VIRT" = none ]; then
  case $VIRT in none) MACHINE=physical ;; ?*) MACHINE=virtual ;; esac
fi
if [ "$MACHINE" = null ]; then
  DMI=$(cat "$SYS/class/dmi/id/product_name" "$SYS/class/dmi/id/sys_vendor" 2>/dev/null)
  if echo "$DMI" | grep -Eqi 'kvm|qemu|vmware|virtualbox|virtual machine|xen|hvm domu|bochs|openstack|google compute|amazon ec2|droplet|parallels|bhyve|hyper-v'; then
    MACHINE=virtual
  elif grep -Eq '^flags[[:space:]]*:.*[[:space:]]hypervisor([[:space:]]|$)' "$PROC/cpuinfo" 2>/dev/null; then
    MACHINE=virtual
  elif [ -n "$DMI" ]; then
    MACHINE=physical
  fi
fi

# Block devices with their capacity (sectors of 512 bytes) and layer, without loop, RAM, optical and network block
# devices. Device-mapper (dm-*) and software RAID (md*) devices sit on top of whole disks whose I/O already counts
# theirs: they are listed only with -a, with their layer (dm, md), which tells readers not to add them up again.
# Partitions are not in /sys/block (their I/O is in their disk's).
: >"$WORK/disks"
for d in "$SYS"/block/*; do
  [ -r "$d/size" ] || continue
  name=${d##*/}
  layer=disk
  case $name in loop* | ram* | zram* | fd* | sr* | nbd*) continue ;; esac
  case $name in dm-*) layer=dm ;; md*) layer=md ;; esac
  [ "$layer" = disk ] || [ "$ALL_DEVICES" -eq 1 ] || continue
  sectors=$(cat "$d/size" 2>/dev/null) || continue
  [ "${sectors:-0}" -gt 0 ] 2>/dev/null || continue
  echo "$name $sectors $layer" >>"$WORK/disks"
done

# The mounted file systems: every block file system of `df -P` (1024-byte blocks: size, used, available) with the
# whole disks under it, traced from its device (a partition, or a device-mapper / md device over partitions).
# $1: a block device name (sda1, dm-0); prints the whole disks under it, one per line.
disks_under() {
  if [ -d "$SYS/class/block/$1/slaves" ] && [ -n "$(ls "$SYS/class/block/$1/slaves" 2>/dev/null)" ]; then
    for s in "$SYS/class/block/$1/slaves"/*; do disks_under "${s##*/}"; done
  elif [ -r "$SYS/class/block/$1/partition" ]; then
    parent=$(cd -P "$SYS/class/block/$1" 2>/dev/null && cd .. && pwd -P)
    [ -n "$parent" ] && disks_under "${parent##*/}"
  else
    echo "$1"
  fi
}
TAB=$(printf '\t')
# One line per file system: device, size, used and available KiB, the whole disks under it (comma-separated), mount.
$DF -P 2>/dev/null | awk 'NR > 1 && $1 ~ /^\/dev\// && NF >= 6 {
    m = $6; for (i = 7; i <= NF; i++) m = m " " $i
    printf "%s\t%s\t%s\t%s\t%s\n", $1, $2, $3, $4, m
  }' | while IFS=$TAB read -r dev size_kib used_kib avail_kib mount; do
  name=${dev##*/}
  # /dev/mapper/vg-lv names a dm-N device: its sysfs name is the link's target.
  [ -L "$dev" ] && name=$(readlink "$dev") && name=${name##*/}
  # Only the whole disks the inventory lists (layer disk).
  under=$(disks_under "$name" | sort -u | awk -v disksfile="$WORK/disks" '
    BEGIN { while ((getline line < disksfile) > 0) { split(line, f, " "); if (f[3] == "disk") whole[f[1]] = 1 } }
    $0 in whole { printf "%s%s", sep, $0; sep = "," }')
  [ -n "$under" ] || continue
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$dev" "$size_kib" "$used_kib" "$avail_kib" "$under" "$mount"
done >"$WORK/fs"

# Network interfaces, without the loopback.
awk -F: 'NR > 2 { n = $1; gsub(/[ \t]/, "", n); if (n != "lo") print n }' "$PROC/net/dev" >"$WORK/nics"

# ---- sampling --------------------------------------------------------------------------------------------------
# One awk process reads the four files every interval, turns counter deltas into rates and writes one sample line
# per interval. Each line is flushed as written, so stopping early loses nothing but the interval under way.
COUNT=$((DURATION / INTERVAL))
echo "iokit-collect: sampling $HOST every ${INTERVAL}s for ${DURATION}s ($COUNT samples) into $OUT (Ctrl-C stops early)" >&2

awk -v interval="$INTERVAL" -v count="$COUNT" -v disksfile="$WORK/disks" -v nicsfile="$WORK/nics" \
  -v startfile="$WORK/start" -v proc="$PROC" -v fractional="$FRACTIONAL_SLEEP" '
function now(   cmd, t) { cmd = "date +%s"; cmd | getline t; close(cmd); return t + 0 }
# The wall clock in milliseconds where `date` has nanoseconds (GNU, busybox), else -1.
function nowms(   cmd, t) { cmd = "date +%s%N"; cmd | getline t; close(cmd); return t ~ /^[0-9]+$/ && length(t) > 15 ? int(substr(t, 1, length(t) - 6)) : -1 }
# Seconds since boot to 10 ms: the real elapsed time between two readings (the wall clock has whole seconds only).
function uptime(   line, f) { getline line < (proc "/uptime"); close(proc "/uptime"); split(line, f, " "); return f[1] + 0 }
function snooze(s) {
  if (s <= 0) return 0
  if (!fractional) s = int(s + 0.999)
  return system("sleep " sprintf("%.2f", s)) == 0 ? 0 : 1
}
function snapshot(   line, f, n, i, name, parts) {
  up = uptime()
  while ((getline line < (proc "/stat")) > 0) {
    n = split(line, f, " ")
    if (f[1] == "cpu") { total = 0; for (i = 2; i <= 9 && i <= n; i++) total += f[i]; idle = f[5] + f[6]; break }
  }
  close(proc "/stat")
  memtotal = 0; memavail = -1; memfree = 0; buffers = 0; cached = 0
  while ((getline line < (proc "/meminfo")) > 0) {
    split(line, f, " ")
    if (f[1] == "MemTotal:") memtotal = f[2]
    else if (f[1] == "MemAvailable:") memavail = f[2]
    else if (f[1] == "MemFree:") memfree = f[2]
    else if (f[1] == "Buffers:") buffers = f[2]
    else if (f[1] == "Cached:") cached = f[2]
  }
  close(proc "/meminfo")
  if (memavail < 0) memavail = memfree + buffers + cached
  memused = (memtotal - memavail) * 1024
  while ((getline line < (proc "/diskstats")) > 0) {
    n = split(line, f, " ")
    name = f[3]
    if (!(name in isdisk) || n < 14) continue
    rd[name] = f[4]; rsec[name] = f[6]; rms[name] = f[7]; wr[name] = f[8]; wsec[name] = f[10]; wms[name] = f[11]
    wq[name] = f[14]
  }
  close(proc "/diskstats")
  while ((getline line < (proc "/net/dev")) > 0) {
    if (index(line, ":") == 0) continue
    name = substr(line, 1, index(line, ":") - 1); gsub(/[ \t]/, "", name)
    if (!(name in isnic)) continue
    split(substr(line, index(line, ":") + 1), parts, " ")
    rx[name] = parts[1]; tx[name] = parts[9]
  }
  close(proc "/net/dev")
}
function save(   d) {
  ptotal = total; pidle = idle; pup = up
  for (d in isdisk) { prd[d] = rd[d]; prsec[d] = rsec[d]; prms[d] = rms[d]; pwr[d] = wr[d]; pwsec[d] = wsec[d]; pwms[d] = wms[d]; pwq[d] = wq[d] }
  for (d in isnic) { prx[d] = rx[d]; ptx[d] = tx[d] }
}
# A counter that went backwards (wrapped, or the device was reset): its interval is unknown (null), never zero.
function back(a, b) { return a + 0 < b + 0 }
# A number in the format, or null.
function num(x, fmt) { return x == "null" ? "null" : sprintf(fmt, x) }
# The rate of a counter over dt seconds (× scale), or null when it went backwards.
function rate(a, b, scale, dt) { return back(a, b) ? "null" : (a - b) * scale / dt }
# Milliseconds per completed I/O: ms spent over I/Os completed; null without any (or across a reset).
function latency(n2, n1, ms2, ms1) { return back(n2, n1) || back(ms2, ms1) || n2 - n1 <= 0 ? "null" : (ms2 - ms1) / (n2 - n1) }
function emit(tms, ims,   dt, cpu, dtotal, out, sep, d, i) {
  dt = ims / 1000
  cpu = "null"
  if (!back(total, ptotal) && !back(idle, pidle) && total - ptotal > 0) {
    cpu = 100 * ((total - ptotal) - (idle - pidle)) / (total - ptotal)
    if (cpu < 0) cpu = 0
    if (cpu > 100) cpu = 100
  }
  out = sprintf("{\"type\":\"sample\",\"tMs\":%.0f,\"intervalMs\":%.0f,\"host\":\"h1\",\"cpuPct\":%s,\"memUsedBytes\":%s,\"disks\":{", \
    tms, ims, num(cpu, "%.1f"), memtotal > 0 ? sprintf("%.0f", memused < 0 ? 0 : memused) : "null")
  sep = ""
  for (i = 1; i <= ndisks; i++) {
    d = disks[i]
    if (!(d in rd)) continue
    out = out sep sprintf("\"%s\":{\"readIops\":%s,\"writeIops\":%s,\"readBps\":%s,\"writeBps\":%s,\"readLatencyMs\":%s,\"writeLatencyMs\":%s,\"queueDepth\":%s}", d, \
      num(rate(rd[d], prd[d], 1, dt), "%.1f"), num(rate(wr[d], pwr[d], 1, dt), "%.1f"), \
      num(rate(rsec[d], prsec[d], 512, dt), "%.0f"), num(rate(wsec[d], pwsec[d], 512, dt), "%.0f"), \
      num(latency(rd[d], prd[d], rms[d], prms[d]), "%.3f"), num(latency(wr[d], pwr[d], wms[d], pwms[d]), "%.3f"), \
      num(rate(wq[d], pwq[d], 0.001, dt), "%.2f"))
    sep = ","
  }
  out = out "},\"net\":{"
  sep = ""
  for (i = 1; i <= nnics; i++) {
    d = nics[i]
    if (!(d in rx)) continue
    out = out sep sprintf("\"%s\":{\"rxBps\":%s,\"txBps\":%s}", d, num(rate(rx[d], prx[d], 1, dt), "%.0f"), num(rate(tx[d], ptx[d], 1, dt), "%.0f"))
    sep = ","
  }
  print out "}}"
  fflush()
}
BEGIN {
  while ((getline line < disksfile) > 0) { split(line, f, " "); disks[++ndisks] = f[1]; isdisk[f[1]] = 1 }
  while ((getline line < nicsfile) > 0) { nics[++nnics] = line; isnic[line] = 1 }
  # Anchor the wall clock (ms) to the uptime clock: from `date +%s%N` where it has nanoseconds, else just after a
  # whole second ticks over.
  m0 = nowms()
  u0 = uptime()
  if (m0 < 0) {
    w0 = now()
    if (fractional) { for (i = 0; i < 30 && now() == w0; i++) system("sleep 0.05"); w0 = now() }
    u0 = uptime()
    m0 = w0 * 1000
  }
  w0 = m0 / 1000
  snapshot(); save()
  last = m0
  print int(w0) > startfile; close(startfile)
  # Sample k is due at the k-th multiple of the interval after the start (on the clock grid).
  first = (int(w0 / interval) + 1) * interval
  for (k = 1; k <= count; k++) {
    due = first + (k - 1) * interval
    if (snooze(u0 + (due - w0) - uptime()) != 0) exit 0
    snapshot()
    # The measured interval and the time it ends, both from the uptime clock (10 ms); an uptime that did not move
    # (a recorded machine) counts as the nominal interval.
    ims = int((up - pup) * 1000 + 0.5)
    if (ims <= 0) ims = interval * 1000
    tms = int(m0 + (up - u0) * 1000 + 0.5)
    if (tms <= last) tms = last + ims
    emit(tms, ims)
    save()
    last = tms
  }
}' >"$WORK/samples" &
AWK_PID=$!
wait "$AWK_PID"
# A signal interrupts wait; wait again until the sampler has really ended.
while kill -0 "$AWK_PID" 2>/dev/null; do wait "$AWK_PID"; done
AWK_PID=

# ---- the file: header, the complete sample lines, end ----------------------------------------------------------
# A line cut by an interruption (unbalanced braces) is left out.
awk '{ o = gsub(/\{/, "{"); c = gsub(/\}/, "}"); if (o == c && o > 0) print }' "$WORK/samples" >"$WORK/complete"
SAMPLES=$(awk 'END { print NR }' "$WORK/complete")
if [ "$SAMPLES" -eq 0 ]; then
  echo "iokit-collect: no sample was taken (stopped within the first interval); nothing written" >&2
  exit 1
fi
START=$(cat "$WORK/start")
END=$(awk 'END { if (match($0, /"tMs":[0-9]+/)) print int((substr($0, RSTART + 6, RLENGTH - 6) + 999) / 1000) }' "$WORK/complete")

awk -v host="$HOST" -v os="$OS" -v model="$CPU_MODEL" -v cores="$CORES" -v mem="$MEM_BYTES" \
  -v start="$START" -v end="$END" -v interval="$INTERVAL" -v version="$VERSION" -v disksfile="$WORK/disks" \
  -v nicsfile="$WORK/nics" -v fsfile="$WORK/fs" -v zone="$TIME_ZONE" -v machine="$MACHINE" '
function js(s) { gsub(/\\/, "\\\\", s); gsub(/"/, "\\\"", s); gsub(/[\001-\037]/, " ", s); return "\"" s "\"" }
# ISO 8601 (UTC) of seconds since the epoch, without date extensions (days-to-civil, H. Hinnant).
function iso(t,   days, secs, z, era, doe, yoe, y, doy, mp, d, m) {
  days = int(t / 86400); secs = t - days * 86400
  z = days + 719468; era = int(z / 146097); doe = z - era * 146097
  yoe = int((doe - int(doe / 1460) + int(doe / 36524) - int(doe / 146096)) / 365)
  y = yoe + era * 400; doy = doe - (365 * yoe + int(yoe / 4) - int(yoe / 100)); mp = int((5 * doy + 2) / 153)
  d = doy - int((153 * mp + 2) / 5) + 1; m = mp < 10 ? mp + 3 : mp - 9; if (m <= 2) y++
  return sprintf("%04d-%02d-%02dT%02d:%02d:%02dZ", y, m, d, int(secs / 3600), int(secs % 3600 / 60), secs % 60)
}
BEGIN {
  disks = ""; sep = ""
  while ((getline line < disksfile) > 0) {
    split(line, f, " ")
    disks = disks sep sprintf("{\"id\":%s,\"name\":%s,\"capacityBytes\":%.0f,\"layer\":%s,\"kind\":\"local\"}", js(f[1]), js(f[1]), f[2] * 512, js(f[3]))
    sep = ","
  }
  # File systems: device, size, used and available KiB, the whole disks under it, mount (tab-separated).
  fs = ""; sep = ""
  while ((getline line < fsfile) > 0) {
    split(line, f, "\t")
    n = split(f[5], under, ","); list = ""
    for (i = 1; i <= n; i++) list = list (i > 1 ? "," : "") js(under[i])
    fs = fs sep sprintf("{\"mount\":%s,\"device\":%s,\"sizeBytes\":%.0f,\"usedBytes\":%.0f,\"freeBytes\":%.0f,\"disks\":[%s]}", \
      js(f[6]), js(f[1]), f[2] * 1024, f[3] * 1024, f[4] * 1024, list)
    sep = ","
  }
  nics = ""; sep = ""
  while ((getline line < nicsfile) > 0) { nics = nics sep sprintf("{\"id\":%s,\"name\":%s}", js(line), js(line)); sep = "," }
  printf "{\"type\":\"header\",\"format\":\"iokit\",\"formatVersion\":2,\"collector\":{\"name\":\"iokit-collect.sh\",\"version\":%s},", js(version)
  printf "\"start\":\"%s\",\"end\":\"%s\",\"intervalSeconds\":%d,", iso(start), iso(end), interval
  printf "\"hosts\":[{\"id\":\"h1\",\"name\":%s,\"os\":%s,\"cpu\":{\"model\":%s,\"cores\":%d},\"memoryBytes\":%.0f,", js(host), js(os), js(model), cores, mem
  printf "\"timeZone\":%s,\"machine\":%s,", js(zone), machine == "null" ? "null" : js(machine)
  printf "\"disks\":[%s],\"fileSystems\":[%s],\"nics\":[%s]}],\"clusters\":[]}\n", disks, fs, nics
}' >"$WORK/header"

{
  cat "$WORK/header" "$WORK/complete"
  printf '{"type":"end","samples":%d}\n' "$SAMPLES"
} | gzip -c >"$OUT" || { echo "iokit-collect: cannot write $OUT" >&2; exit 1; }

[ "$STOPPED" -eq 1 ] && echo "iokit-collect: stopped early" >&2
echo "iokit-collect: wrote $SAMPLES samples to $OUT" >&2
