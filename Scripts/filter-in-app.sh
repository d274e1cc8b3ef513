#!/usr/bin/env bash
# Issue 34, item 3: the filter in the app against the engine's figure, in the same run.
#
#   Scripts/filter-in-app.sh [FILE] [ROUNDS] [BENCH]
#
# FILE defaults to bench-data/records-100MB.json, ROUNDS to 5, BENCH (a release tgrid-bench)
# to .build/release/tgrid-bench. Alternates, ROUNDS times:
#   - app: `tgrid-bench views --measure-switch FILE --keys "f,.,a,g,e, ,>, ,3,0,Enter"`: the
#     browser on a headless 120×40 terminal types the filter `.age > 30`; the last line before
#     `peak=` is the Enter key, whose `whole=` is key → the final filtered screen;
#   - bench: `tgrid-bench filter --no-jq FILE`, the `.age > 30` row's `engine` column (the
#     filter over the indexed document, wall time).
# Prints each round, then the medians and the ratio of the medians and the median of the
# per-round ratios (app ÷ bench), with the load average at the start and end.
set -euo pipefail
cd "$(dirname "$0")/.."
file="${1:-bench-data/records-100MB.json}"
rounds="${2:-5}"
bench="${3:-.build/release/tgrid-bench}"
[ -x "$bench" ] || { echo "no release tgrid-bench at $bench (swift build -c release --product tgrid-bench)" >&2; exit 2; }
echo "load at start: $(cut -d' ' -f1-3 /proc/loadavg)"
apps=()
engines=()
ratios=()
for round in $(seq "$rounds"); do
  app=$("$bench" views --measure-switch "$file" --keys "f,.,a,g,e, ,>, ,3,0,Enter" | grep -B1 '^peak=' | head -1 |
    sed -E 's/.* whole=([0-9.e-]+).*/\1/')
  engine=$("$bench" filter --no-jq "$file" | awk '$1 == ".age" && $2 == ">" && $3 == "30" {print $5; exit}')
  app_ms=$(awk -v s="$app" 'BEGIN {printf "%.1f", s * 1000}')
  ratio=$(awk -v a="$app_ms" -v e="$engine" 'BEGIN {printf "%.2f", a / e}')
  echo "round $round: app key → filtered screen ${app_ms} ms, engine ${engine} ms, ratio ${ratio}×"
  apps+=("$app_ms")
  engines+=("$engine")
  ratios+=("$ratio")
done
median() { printf '%s\n' "$@" | sort -g | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
app_median=$(median "${apps[@]}")
engine_median=$(median "${engines[@]}")
echo "median: app ${app_median} ms, engine ${engine_median} ms, ratio of medians" \
  "$(awk -v a="$app_median" -v e="$engine_median" 'BEGIN {printf "%.2f", a / e}')×," \
  "median of round ratios $(median "${ratios[@]}")× (range $(printf '%s\n' "${ratios[@]}" | sort -g | head -1)–$(printf '%s\n' "${ratios[@]}" | sort -g | tail -1)×)"
echo "load at end: $(cut -d' ' -f1-3 /proc/loadavg)"
