#!/usr/bin/env bash
# Issue 34, item 5: a save after one edit in the app against `cp` + `sync` of the same file,
# in the same run, on the same disk.
#
#   Scripts/save-vs-cp.sh [FILE] [ROUNDS] [BENCH]
#
# FILE defaults to bench-data/records-100MB.json, ROUNDS to 5, BENCH (a release tgrid-bench)
# to .build/release/tgrid-bench. Alternates, ROUNDS times:
#   - `tgrid-bench edit --measure FILE SAVE`: the browser (headless, 120×40, grid) loads FILE,
#     cuts, pastes, deletes and undoes a record, then saves through the app's DocumentSaver
#     to SAVE (beside FILE): its `save=` figure (temporary file written, fsync, rename);
#   - `cp FILE COPY && sync COPY` (COPY beside FILE; `sync FILE` fsyncs that file), timed
#     from the shell.
# Prints each round, the medians and the median of the per-round ratios (save ÷ cp + sync).
set -euo pipefail
cd "$(dirname "$0")/.."
file="${1:-bench-data/records-100MB.json}"
rounds="${2:-5}"
bench="${3:-.build/release/tgrid-bench}"
[ -x "$bench" ] || { echo "no release tgrid-bench at $bench (swift build -c release --product tgrid-bench)" >&2; exit 2; }
directory=$(dirname "$file")
save="$directory/save-vs-cp-$$.json"
copy="$directory/save-vs-cp-copy-$$.json"
trap 'rm -f "$save" "$copy"' EXIT
echo "load at start: $(cut -d' ' -f1-3 /proc/loadavg)"
saves=()
copies=()
ratios=()
for round in $(seq "$rounds"); do
  rm -f "$save" "$copy"
  seconds=$("$bench" edit --measure "$file" "$save" | tail -1 | tr ' ' '\n' | sed -n 's/^save=//p')
  save_ms=$(awk -v s="$seconds" 'BEGIN {printf "%.1f", s * 1000}')
  start=$(date +%s%N)
  cp "$file" "$copy"
  sync "$copy"
  copy_ms=$(awk -v n=$(($(date +%s%N) - start)) 'BEGIN {printf "%.1f", n / 1e6}')
  ratio=$(awk -v a="$save_ms" -v c="$copy_ms" 'BEGIN {printf "%.2f", a / c}')
  echo "round $round: save after one edit ${save_ms} ms, cp + sync ${copy_ms} ms, ratio ${ratio}×"
  saves+=("$save_ms")
  copies+=("$copy_ms")
  ratios+=("$ratio")
done
median() { printf '%s\n' "$@" | sort -g | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
echo "median: save ${saves[*]:+$(median "${saves[@]}")} ms, cp + sync $(median "${copies[@]}") ms," \
  "median of round ratios $(median "${ratios[@]}")× (range $(printf '%s\n' "${ratios[@]}" | sort -g | head -1)–$(printf '%s\n' "${ratios[@]}" | sort -g | tail -1)×)"
echo "load at end: $(cut -d' ' -f1-3 /proc/loadavg)"
