#!/usr/bin/env bash
# Peak memory (RSS) of `tgrid check` and of each view (`tgrid dump --layout L`, the real app
# on a headless terminal) on two files, for BENCHMARKS.md ("Memory per value", issue 14.4):
#   - zeros-25M.json: `[0,0,…]`, 25 M zeros in 50 MB (2 bytes per value: the worst case);
#   - records-100MB.json: the benchmarks' records file (tgrid-bench json --generate).
# Targets: check ≤ 2× the file, every view ≤ 3× the file. Then the app itself in tmux in
# each view, with the root opened, the last value deleted and the deletion undone.
#
#   Scripts/memory-per-value.sh [DATA_DIR]
#
# DATA_DIR defaults to bench-data (the files are generated there when missing). Uses the
# release build (built when missing) and GNU time (`apt-get install time`). Prints a
# Markdown table: file, command, peak RSS, ratio to the file, wall time; a ratio over the
# target is marked ✗ and makes the exit status 1.
set -euo pipefail
cd "$(dirname "$0")/.."
data="${1:-bench-data}"
mkdir -p "$data"
[ -x /usr/bin/time ] || { echo "error: needs GNU time (/usr/bin/time; apt-get install time)" >&2; exit 1; }
[ -x .build/release/tgrid ] && [ -x .build/release/tgrid-bench ] || swift build -c release
binary=.build/release/tgrid

zeros="$data/zeros-25M.json"
if [ ! -s "$zeros" ]; then
  python3 -c '
import sys
with open(sys.argv[1], "w") as f:
    f.write("[" + ",".join(["0"] * 25_000_000) + "]")' "$zeros"
fi
records="$data/records-100MB.json"
[ -s "$records" ] || .build/release/tgrid-bench json --generate "$data" records-100MB.json >/dev/null

# Runs a command under GNU time; prints "peak-kB seconds".
measure() {
  local report
  report="$(mktemp)"
  /usr/bin/time -f '%M %e' -o "$report" "$@" >/dev/null 2>&1 || true
  tail -1 "$report"
  rm -f "$report"
}

# Runs the app in tmux (120×40) on FILE in VIEW, sends each key of the rest (waiting for
# the screen to settle after each), quits without saving; prints the peak-kB of the process.
interactive() {
  local file="$1" view="$2"
  shift 2
  local session="tgrid-memory-$$"
  tmux kill-session -t "$session" 2>/dev/null || true
  rm -f "$(dirname "$file")/.$(basename "$file").tgrid-recovery"
  tmux new-session -d -s "$session" -x 120 -y 40 "$binary --layout $view $file; sleep 30"
  local pid=""
  for _ in $(seq 100); do
    pid="$(pgrep -f "^$binary --layout $view $file" | head -1 || true)"
    [ -n "$pid" ] && tmux capture-pane -p -t "$session" | tail -1 | grep -q "help" && break
    sleep 0.2
  done
  local key before after
  for key in "$@"; do
    tmux send-keys -t "$session" "$key"
    after=""
    for _ in $(seq 50); do
      sleep 0.2
      before="$after"
      after="$(tmux capture-pane -p -t "$session")"
      [ "$before" = "$after" ] && break
    done
  done
  grep VmHWM "/proc/$pid/status" | awk '{print $2}'
  tmux send-keys -t "$session" Escape ':q!' Enter
  sleep 0.5
  tmux kill-session -t "$session" 2>/dev/null || true
  rm -f "$(dirname "$file")/.$(basename "$file").tgrid-recovery"
}

failed=0
echo "| file | command | peak RSS | × file | time |"
echo "|---|---|---:|---:|---:|"
for file in "$zeros" "$records"; do
  size=$(stat -c %s "$file")
  for view in check grid tree table timeline schematic; do
    if [ "$view" = check ]; then
      command=("$binary" check "$file"); label="check"; limit=2
    else
      command=("$binary" dump --layout "$view" --size 120x40 "$file"); label="dump --layout $view"; limit=3
    fi
    read -r kilobytes seconds <<<"$(measure "${command[@]}")"
    ratio=$(python3 -c "print(f'{$kilobytes * 1024 / $size:.2f}')")
    mark=""
    if python3 -c "import sys; sys.exit(0 if $kilobytes * 1024 > $limit * $size else 1)"; then mark=" ✗"; failed=1; fi
    printf '| %s (%d MB) | %s | %d MB | %s%s | %s s |\n' "$(basename "$file")" $((size / 1000000)) "$label" \
      $((kilobytes * 1024 / 1000000)) "$ratio" "$mark" "$seconds"
  done
done
# The app as a person uses it: the root opened (→), to the end (G), the last value deleted
# and the deletion undone; the peak of the whole session.
if command -v tmux >/dev/null 2>&1; then
  echo
  echo "| file | app in tmux: → G d u | peak RSS | × file |"
  echo "|---|---|---:|---:|"
  for file in "$zeros" "$records"; do
    size=$(stat -c %s "$file")
    for view in grid tree table timeline schematic; do
      kilobytes="$(interactive "$file" "$view" Right G d u)"
      ratio=$(python3 -c "print(f'{$kilobytes * 1024 / $size:.2f}')")
      mark=""
      if python3 -c "import sys; sys.exit(0 if $kilobytes * 1024 > 3 * $size else 1)"; then mark=" ✗"; failed=1; fi
      printf '| %s (%d MB) | %s | %d MB | %s%s |\n' "$(basename "$file")" $((size / 1000000)) "$view" \
        $((kilobytes * 1024 / 1000000)) "$ratio" "$mark"
    done
  done
else
  echo "(tmux is missing: the app's own figures were not taken)" >&2
fi
exit "$failed"
