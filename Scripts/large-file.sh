#!/usr/bin/env bash
# A JSON Lines file larger than memory, and what tgrid does with it (issue 16, item 4).
#
#   Scripts/large-file.sh [SIZE_GB] [PATH]
#
# Writes SIZE_GB (default 32) gigabytes of records to PATH (default /tmp/tgrid-large.jsonl;
# never commit it): the benchmarks' records (bench-data/records-100MB.json, generated when
# missing), one per line, repeated with a running "seq" field so no two lines are equal. Then
# measures, each in a fresh process with GNU time (peak RSS is tgrid's own memory: the
# mapped file's pages count only while they are resident):
#   - the first screen (`tgrid-bench firstscreen --measure`);
#   - `tgrid check` (indexes the whole file);
#   - `tgrid dump --path` of the last record (browsing to the end);
#   - `tgrid dump --filter` (a filter over every record).
# Prints a Markdown table; the file stays for further runs (delete it by hand).
set -euo pipefail
cd "$(dirname "$0")/.."
size_gb="${1:-32}"
path="${2:-/tmp/tgrid-large.jsonl}"
[ -x /usr/bin/time ] || { echo "error: needs GNU time (/usr/bin/time; apt-get install time)" >&2; exit 1; }
[ -x .build/release/tgrid ] && [ -x .build/release/tgrid-bench ] || swift build -c release
records=bench-data/records-100MB.json
[ -s "$records" ] || .build/release/tgrid-bench json --generate bench-data records-100MB.json >/dev/null

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

measure() {
  local report
  report="$(mktemp)"
  /usr/bin/time -f '%M %e' -o "$report" "$@" >/dev/null 2>&1 || echo "exit $?" >&2
  tail -1 "$report"
  rm -f "$report"
}
row() {
  local label="$1"; shift
  read -r kilobytes seconds <<<"$(measure "$@")"
  printf '| %s | %s s | %d MB |\n' "$label" "$seconds" $((kilobytes / 1024))
}
echo "| step | wall time | peak RSS |"
echo "|---|---:|---:|"
limit="--max-size=$((size_gb + 2))G"
first=$(.build/release/tgrid-bench firstscreen --measure "$path" --max-size $(((size_gb + 2) * 1024 * 1024 * 1024)) | tail -1)
echo "| first screen (tgrid-bench firstscreen, $limit) | ${first} | |"
row "tgrid check $limit" .build/release/tgrid check "$limit" "$path"
row "dump of the last record (--path .[$((lines - 1))])" .build/release/tgrid dump "$limit" --size 120x40 --path ".[$((lines - 1))]" "$path"
row "dump with a filter over every record" .build/release/tgrid dump "$limit" --size 120x40 --filter '.seq == 1000000' "$path"
