#!/usr/bin/env bash
# A JSON Lines file larger than memory, and what tgrid does with it (issue 16, item 4).
#
#   Scripts/large-file.sh [SIZE_GB] [PATH]
#
# Writes SIZE_GB (default 32) gigabytes of records to PATH (default /tmp/tgrid-large.jsonl;
# never commit it): the benchmarks' records (bench-data/records-100MB.json, generated when
# missing), one per line, repeated with a running "seq" field so no two lines are equal. Then
# measures, each in a fresh process, wall time and the peaks of RssAnon (tgrid's own memory)
# and RssFile (the mapped input's and an on-disk index's pages, which the kernel drops under
# pressure), sampled from /proc every 0.1 s:
#   - the first screen (`tgrid-bench firstscreen --measure`);
#   - `tgrid check` (validates the whole file);
#   - `tgrid dump --path` of the last record (the whole file indexed);
#   - `tgrid dump --filter` (a filter over every record);
#   - the app in tmux, each step timed from its key to its screen with its floor and the
#     app's peak memory: open and load, G, a search counted over the whole file, a filter,
#     the table sorted by a column, every view, one edit, save (Ctrl-S: the file loses a
#     record, and the next run writes it again), quit.
# Prints Markdown tables; the file stays for further runs (delete it by hand). An index
# larger than memory goes to TGRID_INDEX_DIR (or ~/.cache/tgrid, /var/tmp): it needs about
# half the file's size free there. TGRID_RELEASE names a folder holding release builds of
# tgrid and tgrid-bench to use (default .build/release, built when missing; a folder given
# is never built in). TGRID_BENCH_DATA names the folder of records-100MB.json (default
# bench-data).
set -euo pipefail
cd "$(dirname "$0")/.."
size_gb="${1:-32}"
path="${2:-/tmp/tgrid-large.jsonl}"
bin="${TGRID_RELEASE:-.build/release}"
if [ -z "${TGRID_RELEASE:-}" ]; then
  [ -x "$bin/tgrid" ] && [ -x "$bin/tgrid-bench" ] || swift build -c release
fi
[ -x "$bin/tgrid" ] && [ -x "$bin/tgrid-bench" ] || { echo "no tgrid and tgrid-bench in $bin" >&2; exit 2; }
data="${TGRID_BENCH_DATA:-bench-data}"
records="$data/records-100MB.json"
[ -s "$records" ] || "$bin/tgrid-bench" json --generate "$data" records-100MB.json >/dev/null

target=$((size_gb * 1000 * 1000 * 1000))
if [ ! -s "$path" ] || [ "$(stat -c %s "$path")" -lt "$target" ]; then
  echo "writing $size_gb GB to $path…" >&2
  python3 - "$records" "$path" "$target" <<'PY'
import json, sys
source, path, target = sys.argv[1], sys.argv[2], int(sys.argv[3])
records = json.load(open(source, encoding="utf-8"))
lines = [json.dumps(r, ensure_ascii=False, separators=(",", ":")).encode() for r in records]
written = 0
seq = 0
with open(path, "wb", buffering=1 << 24) as out:
    while written < target:
        chunk = []
        for line in lines:
            # {"seq":N, …the record…}
            chunk.append(b'{"seq":%d,' % seq + line[1:])
            seq += 1
        data = b"\n".join(chunk) + b"\n"
        out.write(data)
        written += len(data)
print(f"{written} bytes, {seq} records", file=sys.stderr)
PY
fi
size=$(stat -c %s "$path")
# Counted, not read from the last "seq": each run's save deletes a record.
lines=$(wc -l <"$path")
[ "$(tail -c 1 "$path" | od -An -c | tr -d ' ')" = '\n' ] || lines=$((lines + 1))
echo "file: $path, $size bytes, $lines records; memory: $(free -g | awk '/Mem:/ {print $2}') GB" >&2

# Runs a command and samples its memory every 0.1 s from /proc: prints "seconds anon file",
# its wall time and the peaks of RssAnon (tgrid's own memory) and RssFile (pages of the
# mapped input and of an index kept on disk: the kernel's to drop), in MB.
sample() {
  local start anon=0 file=0 a f pid
  start=$(date +%s%N)
  "$@" >/dev/null 2>&1 &
  pid=$!
  while kill -0 "$pid" 2>/dev/null; do
    read -r a f < <(awk '/^RssAnon/ {a=$2} /^RssFile/ {f=$2} END {print a+0, f+0}' "/proc/$pid/status" 2>/dev/null || echo "0 0")
    [ "${a:-0}" -gt "$anon" ] && anon=$a
    [ "${f:-0}" -gt "$file" ] && file=$f
    sleep 0.1
  done
  wait "$pid" || echo "exit $? from $*" >&2
  echo "$(( ($(date +%s%N) - start) / 1000000 ))" $((anon / 1024)) $((file / 1024))
}
row() {
  local label="$1"; shift
  read -r milliseconds anon file <<<"$(sample "$@")"
  printf '| %s | %d.%03d s | %d MB | %d MB |\n' "$label" $((milliseconds / 1000)) $((milliseconds % 1000)) "$anon" "$file"
}
echo "| step | wall time | peak RssAnon (tgrid's own) | peak RssFile (page cache) |"
echo "|---|---:|---:|---:|"
limit="--max-size=$((size_gb + 2))G"
first=$("$bin/tgrid-bench" firstscreen --measure "$path" --max-size $(((size_gb + 2) * 1024 * 1024 * 1024)) | tail -1)
echo "| first screen (tgrid-bench firstscreen, $limit) | ${first} | | |"
# LARGE_APP_ONLY=1 leaves out check and dump (minutes each on 32 GB).
if [ "${LARGE_APP_ONLY:-0}" != 1 ]; then
  row "tgrid check $limit" "$bin/tgrid" check "$limit" "$path"
  row "dump of the last record (--path .[$((lines - 1))])" "$bin/tgrid" dump "$limit" --size 120x40 --path ".[$((lines - 1))]" "$path"
  row "dump with a filter over every record" "$bin/tgrid" dump "$limit" --size 120x40 --filter '.seq == 1000000' "$path"
fi

# The app in tmux, as a person uses it, every step timed from its key to the screen that
# shows it done (the status line polled every 50 ms), with the peak of the app's own memory
# (RssAnon) so far and a floor: what the shell's tools take for the same work on the same
# file (`tgrid check` reads and validates all of it, `grep -c` scans it, `cp` + `sync`
# writes a copy). The steps: open and load, G, search a word (every match counted), a
# filter, the table sorted by a column, every view in turn, one edit, save, quit.
# LARGE_WORD names the word searched for (default Kierkegaard, in the records' names).
if command -v tmux >/dev/null 2>&1; then
  word="${LARGE_WORD:-Kierkegaard}"
  now_ms() { echo $(($(date +%s%N) / 1000000)); }
  # Floors, each a fresh process on the same file (its pages cached by the runs above).
  # (Output to a file: GNU grep writing to /dev/null stops at the first match.)
  floor_out="$(mktemp)"
  floor_time() {
    local begin
    begin=$(now_ms)
    "$@" >"$floor_out" 2>&1 || true
    echo $(($(now_ms) - begin))
  }
  floor_check=$(floor_time "$bin/tgrid" check "$limit" "$path")
  floor_grep=$(floor_time grep -c "$word" "$path")
  floor_grep_seq=$(floor_time grep -c '"seq":1000000,' "$path")
  copy="$path.copy-$$"
  floor_cp=$(floor_time sh -c "cp '$path' '$copy' && sync '$copy'")
  rm -f "$copy" "$floor_out"
  # A step that has not shown its screen after LARGE_STEP_LIMIT seconds (default 120) is
  # written as not reached, and the next one goes on.
  step_limit=$((${LARGE_STEP_LIMIT:-120} * 1000))
  reached=1
  session="tgrid-large-$$"
  # A tmux server of its own, so nothing here touches the user's default server.
  tmux() { command tmux -L tgrid-large "$@"; }
  tmux kill-session -t "$session" 2>/dev/null || true
  opened_at=$(now_ms)
  tmux new-session -d -s "$session" -x 120 -y 40 "$bin/tgrid $limit $path; sleep 30"
  pid=""
  for _ in $(seq 100); do
    pid="$(pgrep -f "^$bin/tgrid $limit $path" | head -1 || true)"
    [ -n "$pid" ] && break
    sleep 0.05
  done
  # A sampler in the background keeps the peaks of the app's RssAnon and RssFile (kB).
  peaks_file="$(mktemp)"
  echo "0 0" >"$peaks_file"
  (
    anon=0
    file=0
    while kill -0 "$pid" 2>/dev/null; do
      read -r a f < <(awk '/^RssAnon/ {a=$2} /^RssFile/ {f=$2} END {print a+0, f+0}' "/proc/$pid/status" 2>/dev/null || echo "0 0")
      if [ "${a:-0}" -gt "$anon" ]; then anon=$a; fi
      if [ "${f:-0}" -gt "$file" ]; then file=$f; fi
      echo "$anon $file" >"$peaks_file.new" && mv "$peaks_file.new" "$peaks_file"
      sleep 0.1
    done
  ) &
  sampler=$!
  screen() { tmux capture-pane -p -t "$session" 2>/dev/null; }
  # Sends keys and waits until the status line matches a pattern; `waited` is the
  # milliseconds from the keys to the match.
  started=0
  waited=0
  keys_then() {
    local pattern="$1"
    shift
    started=$(now_ms)
    [ $# -gt 0 ] && tmux send-keys -t "$session" "$@"
    wait_for "$pattern"
  }
  wait_for() {
    reached=1
    until screen | tail -1 | grep -qE "$1"; do
      sleep 0.05
      if [ $(($(now_ms) - started)) -gt "$step_limit" ]; then
        reached=0
        break
      fi
    done
    waited=$(($(now_ms) - started))
  }
  # Sends keys and waits until the screen has changed, then is drawn and still: two
  # captures 50 ms apart alike, no load or read in progress on the status line (a view
  # switch: the new view's keys, values or events read).
  keys_then_still() {
    local before last="" current
    before="$(screen)"
    started=$(now_ms)
    reached=1
    tmux send-keys -t "$session" "$@"
    while [ "$(screen)" = "$before" ] && [ $(($(now_ms) - started)) -lt "$step_limit" ]; do sleep 0.02; done
    while true; do
      current="$(screen)"
      if [ "$current" = "$last" ] && ! tail -1 <<<"$current" | grep -qiE 'reading|loading|[0-9]%'; then break; fi
      last="$current"
      sleep 0.05
      if [ $(($(now_ms) - started)) -gt "$step_limit" ]; then
        reached=0
        break
      fi
    done
    # The screen was still since the capture before this one.
    waited=$(($(now_ms) - started - 50))
  }
  size_mb=$((size / 1000000))
  echo
  echo "| step in the app (key → screen) | time | floor | × floor | CPU (all threads) | peak RssAnon | × file |"
  echo "|---|---:|---|---:|---:|---:|---:|"
  # The app's CPU (user + system, every thread's, those ended included) at the last step.
  ticks=$(getconf CLK_TCK)
  cpu_last=0
  cpu_ticks() { awk '{print $14 + $15}' "/proc/$pid/stat" 2>/dev/null || echo "$cpu_last"; }
  seconds() { printf '%d.%03d s' $(($1 / 1000)) $(($1 % 1000)); }
  step() {
    local anon file floor_name="$2" floor_ms="$3" ratio="" floor_text=""
    read -r anon file <"$peaks_file"
    if [ -n "$floor_ms" ] && [ "$floor_ms" -gt 0 ]; then
      floor_text="$floor_name $(seconds "$floor_ms")"
      ratio="$(awk -v a="$waited" -v b="$floor_ms" 'BEGIN {printf "%.2f×", a / b}')"
    fi
    local time_text
    time_text="$(seconds "$waited")"
    if [ "$reached" = 0 ]; then
      time_text="> $time_text (not reached)"
      ratio=""
    fi
    local cpu_now
    cpu_now=$(cpu_ticks)
    local cpu_text
    cpu_text="$(seconds $(((cpu_now - cpu_last) * 1000 / ticks)))"
    cpu_last=$cpu_now
    printf '| %s | %s | %s | %s | %s | %d MB | %s |\n' "$1" "$time_text" "$floor_text" "$ratio" "$cpu_text" $((anon / 1024)) \
      "$(awk -v a="$anon" -v s="$size" 'BEGIN {printf "%.2f×", a * 1024 / s}')"
    echo "    $(screen | tail -1 | tr -s ' ')" >&2
  }
  grouped() { python3 -c "print(f'{$1:,}')"; }
  started=$opened_at
  wait_for 'item [0-9,]+/[0-9,]+ · '
  step "open, the whole file loaded" "check" "$floor_check"
  keys_then "item ($lines|$(grouped "$lines"))/" G
  step "G, the last record" "check" "$floor_check"
  keys_then 'match [0-9,]+/[0-9,]+' / "$word" Enter
  step "/$word Enter, every match counted" "grep -c" "$floor_grep"
  # The match is inside a record, which the grid opened: back to the records, the first.
  tmux send-keys -t "$session" Escape BSpace g
  sleep 0.5
  keys_then 'filter: .* [0-9,]+ of [0-9,]+' f ".seq == 1000000" Enter
  step "f .seq == 1000000 over every record" "grep -c" "$floor_grep_seq"
  tmux send-keys -t "$session" F
  sleep 0.5
  keys_then_still 3
  step "3: the table" "check" "$floor_check"
  # The next column, sorted ascending (LARGE_SORT=0 leaves the sort out: on 1 GB it took
  # more than 60 s and 20 GB on 2026-11-29, BENCHMARKS.md).
  if [ "${LARGE_SORT:-1}" != 0 ]; then
    tmux send-keys -t "$session" l
    sleep 0.3
    keys_then 'sorted by' s
    step "s: the table sorted by the next column" "check" "$floor_check"
  fi
  for view in "1 grid" "2 tree" "4 timeline" "5 schematic" "6 chart" "3 table"; do
    keys_then_still "${view%% *}"
    step "${view%% *}: the ${view#* }" "check" "$floor_check"
  done
  keys_then_still 1
  keys_then 'deleted 1 value' d
  step "d: one record deleted (in the grid)" "cp + sync" "$floor_cp"
  keys_then 'saved ' C-s
  step "Ctrl-S: saved" "cp + sync" "$floor_cp"
  started=$(now_ms)
  reached=1
  tmux send-keys -t "$session" ':q' Enter
  while kill -0 "$pid" 2>/dev/null; do sleep 0.05; done
  waited=$(($(now_ms) - started))
  step ":q, the process gone" "" ""
  tmux kill-session -t "$session" 2>/dev/null || true
  wait "$sampler" 2>/dev/null || true
  rm -f "$peaks_file"
  echo "load: $(cut -d' ' -f1-3 /proc/loadavg) at the end" >&2
fi
