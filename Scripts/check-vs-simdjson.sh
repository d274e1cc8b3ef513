#!/usr/bin/env bash
# Issue 16.3 / 34.5: `tgrid check FILE` against simdjson's DOM parse (load + parse) of the
# same file, whole processes run in turn (A B A B …), so the machine's load falls on both.
#
#   Scripts/check-vs-simdjson.sh [FILE] [ROUNDS] [TGRID]
#
# FILE defaults to bench-data/records-100MB.json, ROUNDS to 15, TGRID (a release build) to
# .build/release/tgrid. The peer is Scripts/simdjson-bench.sh's program (built once into
# .build/simdjson-bench; needs `apt-get install libsimdjson-dev`), one run per process.
# Each process is timed by /usr/bin/time (wall, user + system, peak RSS). Prints the medians
# and the median of the per-pair ratios (tgrid ÷ simdjson) of wall and CPU time.
set -euo pipefail
cd "$(dirname "$0")/.."
file="${1:-bench-data/records-100MB.json}"
rounds="${2:-15}"
tgrid="${3:-.build/release/tgrid}"
[ -x "$tgrid" ] || { echo "no release tgrid at $tgrid" >&2; exit 2; }
bash Scripts/simdjson-bench.sh "$file" 1 >/dev/null
peer=.build/simdjson-bench
timed() { /usr/bin/time -f '%e %U %S %M' "$@" 2>&1 >/dev/null | tail -1; }
echo "load at start: $(cut -d' ' -f1-3 /proc/loadavg)"
timed "$tgrid" check "$file" >/dev/null
timed "$peer" "$file" 1 >/dev/null
rows=()
for _ in $(seq "$rounds"); do
  read -r aw au as am <<<"$(timed "$tgrid" check "$file")"
  read -r bw bu bs bm <<<"$(timed "$peer" "$file" 1)"
  rows+=("$aw $(awk -v u="$au" -v s="$as" 'BEGIN {print u + s}') $am $bw $(awk -v u="$bu" -v s="$bs" 'BEGIN {print u + s}') $bm")
done
printf '%s\n' "${rows[@]}" | awk '
  function median(list, n,   i, j, t) {
    for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (list[j] < list[i]) { t = list[i]; list[i] = list[j]; list[j] = t }
    return (n % 2) ? list[(n + 1) / 2] : (list[n / 2] + list[n / 2 + 1]) / 2
  }
  { n++; aw[n] = $1; ac[n] = $2; am[n] = $3; bw[n] = $4; bc[n] = $5; bm[n] = $6; rw[n] = $1 / $4; rc[n] = $2 / $5 }
  END {
    printf "tgrid check: wall %.3f s, CPU %.3f s, peak %.1f MiB (medians of %d)\n", median(aw, n), median(ac, n), median(am, n) / 1024, n
    printf "simdjson DOM: wall %.3f s, CPU %.3f s, peak %.1f MiB\n", median(bw, n), median(bc, n), median(bm, n) / 1024
    for (i = 1; i <= n; i++) { lo = (i == 1 || rw[i] < lo) ? rw[i] : lo; hi = (i == 1 || rw[i] > hi) ? rw[i] : hi }
    printf "tgrid ÷ simdjson, median of pairs: wall %.2f× (%.2f–%.2f), CPU %.2f×\n", median(rw, n), lo, hi, median(rc, n)
  }'
echo "load at end: $(cut -d' ' -f1-3 /proc/loadavg)"
