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
#   - the app in tmux: loaded, G, a search counted over the whole file, a filter.
# Prints a Markdown table; the file stays for further runs (delete it by hand). An index
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
lines=$(($(tail -c 2000 "$path" | tail -1 | sed -E 's/^\{"seq":([0-9]+),.*/\1/') + 1))
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

# The app in tmux, as a person uses it: open, wait for the load, go to the last record (G),
# search for the last record's seq (/, counted over the whole file), filter every record (f).
if command -v tmux >/dev/null 2>&1; then
  session="tgrid-large-$$"
  # A tmux server of its own, so nothing here touches the user's default server.
  tmux() { command tmux -L tgrid-large "$@"; }
  tmux kill-session -t "$session" 2>/dev/null || true
  tmux new-session -d -s "$session" -x 120 -y 40 "$bin/tgrid $limit $path; sleep 30"
  pid=""
  for _ in $(seq 100); do
    pid="$(pgrep -f "^$bin/tgrid $limit $path" | head -1 || true)"
    [ -n "$pid" ] && break
    sleep 0.1
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
  # Waits until the status line matches a pattern; sets `waited` to the seconds it took.
  wait_for() {
    local begin=$SECONDS
    until tmux capture-pane -p -t "$session" | tail -1 | grep -qE "$1"; do
      sleep 0.2
      if [ $((SECONDS - begin)) -gt 3600 ]; then break; fi
    done
    waited=$((SECONDS - begin))
  }
  step() {
    local anon file
    read -r anon file <"$peaks_file"
    printf '| app: %s | %s s | %d MB | %d MB |\n' "$1" "$waited" $((anon / 1024)) $((file / 1024))
    echo "    $(tmux capture-pane -p -t "$session" | tail -1 | tr -s ' ')" >&2
  }
  wait_for 'item [0-9]+/[0-9]+ · '
  step "loaded (the status says when the index is on disk)"
  tmux send-keys -t "$session" G
  wait_for "item $lines/$lines"
  step "G, the last record"
  tmux send-keys -t "$session" / "$((lines - 1))" Enter
  wait_for 'match [0-9,]+/[0-9,]+ '
  step "/ the last record's seq, every match counted"
  # The match is inside the last record, which the grid opened: back to the records.
  tmux send-keys -t "$session" BSpace
  wait_for "item [0-9]+/$lines"
  tmux send-keys -t "$session" g f ".seq == 1000000" Enter
  wait_for 'filter: .* [0-9,]+ of [0-9,]+'
  step "f .seq == 1000000 over every record"
  tmux send-keys -t "$session" Escape ':q!' Enter
  sleep 1
  tmux kill-session -t "$session" 2>/dev/null || true
  wait "$sampler" 2>/dev/null || true
  rm -f "$peaks_file"
fi
