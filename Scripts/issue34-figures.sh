#!/usr/bin/env bash
# Issue 34's figures in one run on this machine, each beside its floor or peer, by the scripts
# that measure them one by one (each script's header says what it times and how):
#
#   Scripts/issue34-figures.sh RELEASE_DIR [RECORDS_100MB] [GIGABYTE_JSONL]
#
# RELEASE_DIR holds release builds of tgrid and tgrid-bench (`swift build -c release`:
# .build/release). RECORDS_100MB defaults to bench-data/records-100MB.json and
# GIGABYTE_JSONL to /tmp/tgrid-large.jsonl (both written when missing: the first by
# `tgrid-bench json --generate`, the second by Scripts/large-file.sh from the first); the
# 1 MB and 10 MB records files are generated beside RECORDS_100MB. Steps, in this order:
#   1. `tgrid check` against simdjson's DOM parse, 100 MB (item 5: index ≤ 0.5× simdjson;
#      skipped with a message without libsimdjson-dev);
#   2. the app's load against `check`, 100 MB and 1 GB (item 1: ≤ 1.5×): key to the whole
#      document against key to check's answer, and both processes' wall time;
#   3. the first screen through tmux, 1 MB, 100 MB and 1 GB (item 5: size-independent);
#   4. the filter in the app against the engine's (item 3: ≤ 1.5×);
#   5. a save after an edit against `cp` + `sync` (item 5: ≤ 2×);
#   6. the app's memory after every view, an edit and its undo (item 2: ≤ 1.2× the file);
#   7. bytes per key against VisiData's, in the grid and in the table (item 5: PgDn in the
#      grid, a move down in the table; VisiData's column only with `vd` installed);
#   8. a gigabyte end to end in the app (item 4: each step ≤ 2 s, memory ≤ 1.2×).
# Prints each step's output under a heading with the load average before it, and the whole
# run's time. Takes 10–15 minutes; run it on a quiet machine (nothing else building) and
# keep the figures in BENCHMARKS.md with the load it printed.
set -uo pipefail
cd "$(dirname "$0")/.."
bin=${1:?usage: issue34-figures.sh RELEASE_DIR [RECORDS_100MB] [GIGABYTE_JSONL]}
records=${2:-bench-data/records-100MB.json}
big=${3:-/tmp/tgrid-large.jsonl}
tgrid="$bin/tgrid"
bench="$bin/tgrid-bench"
[ -x "$tgrid" ] && [ -x "$bench" ] || { echo "no tgrid and tgrid-bench in $bin" >&2; exit 2; }
data=$(dirname "$records")
mkdir -p "$data"
for name in "$(basename "$records")" records-10MB.json records-1MB.json; do
  [ -s "$data/$name" ] || "$bench" json --generate "$data" "$name" >/dev/null
done
[ -s "$records" ] || { echo "no $records" >&2; exit 2; }
start=$SECONDS
failed=()

step() {
  local title="$1"
  shift
  echo
  echo "## $title"
  echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "command: $*"
  if ! "$@"; then
    failed+=("$title")
    echo "(this step failed)"
  fi
}

step "1. check against simdjson (100 MB)" Scripts/check-vs-simdjson.sh "$records" 9 "$tgrid"
step "2a. the app's load against check (100 MB)" python3 Scripts/key-to-whole.py "$records" 30 "$tgrid" "$bench"
if [ ! -s "$big" ]; then
  # Writes the file (and times its steps once; the run in step 8 is the one kept).
  TGRID_RELEASE="$bin" TGRID_BENCH_DATA="$data" Scripts/large-file.sh 1 "$big" >/dev/null 2>&1
fi
step "2b. the app's load against check (1 GB of JSON Lines)" python3 Scripts/key-to-whole.py "$big" 8 "$tgrid" "$bench"
step "3. the first screen through tmux (1 MB, 100 MB, 1 GB)" \
  python3 Scripts/first-screen-tmux.py "$tgrid" 9 "$data/records-1MB.json" "$records" "$big"
step "4. the filter in the app against the engine (100 MB)" Scripts/filter-in-app.sh "$records" 5 "$bench"
step "5. a save after an edit against cp + sync (100 MB)" Scripts/save-vs-cp.sh "$records" 5 "$bench"
step "6. memory after every view, an edit and its undo (100 MB)" \
  python3 Scripts/memory-per-view.py "$tgrid" "$records" 1 Right G 2 G 3 G 4 5 6 d u
if command -v vd >/dev/null 2>&1; then
  step "7. bytes per key, tgrid and VisiData (10 MB)" \
    python3 Scripts/key-bytes.py --file "$data/records-10MB.json" --program both --tgrid "$tgrid"
else
  step "7. bytes per key, tgrid (10 MB; VisiData not installed: pip install visidata)" \
    python3 Scripts/key-bytes.py --file "$data/records-10MB.json" --program tgrid --tgrid "$tgrid"
fi
step "7b. bytes per key in the table, tgrid (10 MB; VisiData's are step 7's)" \
  python3 Scripts/key-bytes.py --file "$data/records-10MB.json" --program tgrid --view table --tgrid "$tgrid"
step "8. a gigabyte end to end in the app" env TGRID_RELEASE="$bin" TGRID_BENCH_DATA="$data" \
  Scripts/large-file.sh 1 "$big"
echo
echo "load at end: $(cut -d' ' -f1-3 /proc/loadavg); the run took $((SECONDS - start)) s"
if [ "${#failed[@]}" -gt 0 ]; then
  printf 'failed: %s\n' "${failed[@]}" >&2
  exit 1
fi
