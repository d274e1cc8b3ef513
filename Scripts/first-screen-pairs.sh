#!/usr/bin/env bash
# Issue 34, item 5: the first screen is independent of the file's size — two files measured
# in turn, in the same run, so the machine's load falls on both alike.
#
#   Scripts/first-screen-pairs.sh SMALL LARGE [ROUNDS] [BENCH] [MAX_SIZE_BYTES]
#
# Runs `tgrid-bench firstscreen --measure FILE` (a fresh process: opening the file to the
# first frame the browser draws on a headless 120×40 terminal) on SMALL, then LARGE, ROUNDS
# times (default 15); BENCH defaults to .build/release/tgrid-bench; MAX_SIZE_BYTES is passed
# as --max-size to both (needed over 4 GiB). Prints the medians, the ratio of the medians
# (LARGE ÷ SMALL) and the median of the per-round ratios.
set -euo pipefail
cd "$(dirname "$0")/.."
small="${1:?usage: first-screen-pairs.sh SMALL LARGE [ROUNDS] [BENCH] [MAX_SIZE_BYTES]}"
large="${2:?usage: first-screen-pairs.sh SMALL LARGE [ROUNDS] [BENCH] [MAX_SIZE_BYTES]}"
rounds="${3:-15}"
bench="${4:-.build/release/tgrid-bench}"
limit=()
[ -n "${5:-}" ] && limit=(--max-size "$5")
[ -x "$bench" ] || { echo "no release tgrid-bench at $bench" >&2; exit 2; }
measure() { "$bench" firstscreen --measure "$1" "${limit[@]}" | tail -1 | tr ' ' '\n' | sed -n 's/^seconds=//p' | awk '{printf "%.1f", $1 * 1000}'; }
echo "load at start: $(cut -d' ' -f1-3 /proc/loadavg)"
smalls=()
larges=()
ratios=()
for _ in $(seq "$rounds"); do
  a=$(measure "$small")
  b=$(measure "$large")
  smalls+=("$a")
  larges+=("$b")
  ratios+=("$(awk -v a="$a" -v b="$b" 'BEGIN {printf "%.2f", b / a}')")
done
median() { printf '%s\n' "$@" | sort -g | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
range() { printf '%s\n' "$@" | sort -g | awk 'NR == 1 {f = $1} {l = $1} END {print f "–" l}'; }
echo "$(basename "$small"): median $(median "${smalls[@]}") ms ($(range "${smalls[@]}"))"
echo "$(basename "$large"): median $(median "${larges[@]}") ms ($(range "${larges[@]}"))"
echo "ratio of medians $(awk -v a="$(median "${smalls[@]}")" -v b="$(median "${larges[@]}")" 'BEGIN {printf "%.2f", b / a}')×," \
  "median of round ratios $(median "${ratios[@]}")× ($(range "${ratios[@]}")×)"
echo "load at end: $(cut -d' ' -f1-3 /proc/loadavg)"
