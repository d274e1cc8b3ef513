#!/usr/bin/env bash
# Fuzz the JSON engine with libFuzzer for a number of seconds (default 60).
#
#   Scripts/fuzz-json.sh [SECONDS] [TARGET] [extra libFuzzer flags…]
#
# TARGET is one of
#   json    (default) documents: byte-exact round trip, every node reachable by its own path,
#           edits and undo, progressive parsing (Fuzz/JSONFuzzTarget.swift)
#   path    jq, JSONPath and JSON Pointer text: parse, print, parse again; resolving with
#           diagnostics and completing against a small document (Fuzz/PathFuzzTarget.swift)
#   filter  the filter language: parse, print, parse again; evaluation never crashes
#           (Fuzz/FilterFuzzTarget.swift)
#   regex   regular expressions (a pattern, a line break, a text): compile or a located
#           error; matching in linear steps, matches on scalar boundaries that hold the
#           literal the expression requires (Fuzz/RegexFuzzTarget.swift)
#
# Builds Sources/TGridJSON/**/*.swift (with the TermGridPlatform files it uses, listed below,
# and Sources/TGridSystem)
# + the target's Fuzz/*FuzzTarget.swift with
# -sanitize=fuzzer,address into .build/fuzz/TARGET-fuzzer and seeds fuzz-out/TARGET/corpus:
# for json, JSONTestSuite (../shared/conformance, when present), documents generated here
# and up to 300 small real JSON files found on this machine; for the others, inputs
# generated here. Nothing under fuzz-out/ is committed.
#
# Exits 0 when the time runs out without a finding. On a finding (crash, failed invariant,
# leak, timeout, out of memory) it prints where the input is, how to replay it, and exits
# with libFuzzer's non-zero status — so CI can run it as is.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
target="${2:-json}"
shift $(( $# > 2 ? 2 : $# )) || true

case "$target" in
  json) source_file=Fuzz/JSONFuzzTarget.swift; max_len=4096 ;;
  path) source_file=Fuzz/PathFuzzTarget.swift; max_len=512 ;;
  filter) source_file=Fuzz/FilterFuzzTarget.swift; max_len=512 ;;
  regex) source_file=Fuzz/RegexFuzzTarget.swift; max_len=512 ;;
  *) echo "unknown fuzz target '$target' (json, path, filter, regex)" >&2; exit 2 ;;
esac
if ! [[ "$seconds" =~ ^[0-9]+$ ]]; then
  echo "usage: $0 [SECONDS] [json|path|filter|regex] [libFuzzer flags…]" >&2
  exit 2
fi

out="fuzz-out/$target"
corpus="$out/corpus"
binary=".build/fuzz/$target-fuzzer"
mkdir -p .build/fuzz "$corpus"

echo "building the $target fuzzer…"
# The engine imports TermGridPlatform for what it shares with the library (`Locked`, the
# clock, the environment). Those files need nothing but libc, so they are built here as a
# module of their own, with the same instrumentation, and linked in; the rest of the
# platform layer (which needs swift-system) is not. A platform file the engine starts to use is added here.
platform_files=(
  Sources/TermGridPlatform/Clock/MonotonicClock.swift
  Sources/TermGridPlatform/Environment/Environment.swift
  Sources/TermGridPlatform/Errors/SystemErrorMessage.swift
  Sources/TermGridPlatform/Threads/Locked.swift
  Sources/TermGridPlatform/Threads/PlatformThread.swift
)
platform=".build/fuzz/platform"
mkdir -p "$platform"
swiftc -sanitize=fuzzer,address -parse-as-library -O -g \
  -module-name TermGridPlatform -package-name tgrid -swift-version 6 -whole-module-optimization \
  -emit-module -emit-module-path "$platform/TermGridPlatform.swiftmodule" \
  -c "${platform_files[@]}" -o "$platform/TermGridPlatform.o"
# The engine's system target (files, mappings, threads, memory routines) needs only libc
# and the platform files above: all of it is built here, as a module of its own. Its file
# leases need the terminal's signals (TerminalSignals.handOver): TGRID_FUZZER_BUILD leaves
# them out, and files are read into memory instead.
swiftc -sanitize=fuzzer,address -parse-as-library -O -g -D TGRID_FUZZER_BUILD \
  -module-name TGridSystem -package-name tgrid -swift-version 6 -whole-module-optimization -I "$platform" \
  -emit-module -emit-module-path "$platform/TGridSystem.swiftmodule" \
  -c $(find Sources/TGridSystem -name "*.swift" | sort) -o "$platform/TGridSystem.o"
# The linker's "Cannot export local symbol" lines are noise. The compiler's output goes to a
# file and is shown once it is done (a filter in a process substitution could still be
# writing when the script ended, and a failure's reason was lost). A failed build is tried
# once more with one job at a time, in case a parallel job was killed for memory.
build_log="$platform/build-$target.log"
build_engine() {
  swiftc -sanitize=fuzzer,address -parse-as-library -O -g "$@" \
    -module-name TGridJSON -package-name tgrid -swift-version 6 -I "$platform" \
    $(find Sources/TGridJSON -name "*.swift" | sort) "$source_file" "$platform/TermGridPlatform.o" \
    "$platform/TGridSystem.o" -o "$binary" > "$build_log" 2>&1
}
show_build_log() { grep -v "Cannot export local symbol" "$build_log" >&2 || true; }
if ! build_engine; then
  show_build_log
  echo "building the $target fuzzer failed; trying again with one job" >&2
  if ! build_engine -j 1; then
    show_build_log
    echo "building the $target fuzzer failed twice" >&2
    exit 1
  fi
fi
show_build_log

# MARK: - Seeds

seed_json() {
  local suite="../shared/conformance/JSONTestSuite/test_parsing"
  if [ -d "$suite" ]; then
    cp -n "$suite"/*.json "$corpus"/ 2>/dev/null || true
  else
    echo "no conformance suite at $suite"
  fi
  # Real files: small JSON found on this machine (package metadata, schemas, API
  # descriptions), spread over the whole list rather than the first few directories.
  local list
  list=$(mktemp)
  find / -xdev \( -path /proc -o -path "$PWD/fuzz-out" -o -path '*/.build*' \) -prune -o \
    -name '*.json' -type f -size -64k -print 2>/dev/null | sort > "$list" || true
  local found
  found=$(wc -l < "$list")
  if [ "$found" -gt 0 ]; then
    local step=$(( found > 300 ? found / 300 : 1 ))
    # awk stops at 300 itself: `head` closing the pipe early would end awk with SIGPIPE,
    # and under `pipefail` that ended this script without a word after the build.
    awk -v step="$step" 'NR % step == 0 { print; if (++taken == 300) exit }' "$list" | while IFS= read -r file; do
      cp "$file" "$corpus/real-$(printf '%s' "$file" | cksum | cut -d' ' -f1).json" 2>/dev/null || true
    done
    echo "seeded with real JSON files from this machine (of $found found)"
  else
    echo "no real JSON files found on this machine"
  fi
}

# Generated inputs (deterministic): documents of varied shapes for json, paths for path.
generate() {
  if ! command -v python3 >/dev/null 2>&1; then
    echo "python3 not found: no generated seeds"
    return
  fi
  python3 - "$target" "$corpus" <<'PYTHON'
import json, random, sys
target, corpus = sys.argv[1], sys.argv[2]
rng = random.Random(20261121)
keys = ["id", "name", "a", "b", "", "a b", "odd/key~", "é", "😀", "tab\there", "quote\"", "back\\slash", "0", "12", "_x", "k\u0301"]
strings = ["", "plain", "Zoë", "東京", "line\nbreak", "\u0000", "a\"b", "😀"]
numbers = ["0", "-0", "1", "-12", "3.25", "1e3", "-1.5E-7", "1e400", "123456789012345678901234567890"]

def value(depth):
    roll = rng.random()
    if depth > 5 or roll < 0.45:
        kind = rng.randrange(5)
        if kind == 0: return json.dumps(rng.choice(strings), ensure_ascii=rng.random() < 0.5)
        if kind == 1: return rng.choice(numbers)
        return rng.choice(["true", "false", "null"])
    if roll < 0.7:
        return "[" + ",".join(value(depth + 1) for _ in range(rng.randrange(5))) + "]"
    members = []
    for _ in range(rng.randrange(6)):
        key = rng.choice(keys)
        members.append(json.dumps(key, ensure_ascii=rng.random() < 0.5) + ":" + value(depth + 1))
        if rng.random() < 0.15:  # a duplicate key
            members.append(json.dumps(key) + ":" + value(depth + 1))
    return "{" + ",".join(members) + "}"

def spaced(text):
    return text.replace(",", rng.choice([",", ", ", ",\n  ", ",\r\n"])).replace(":", rng.choice([":", ": "]))

if target == "json":
    for number in range(200):
        if number % 10 == 9:
            text = "\n".join(value(1) for _ in range(1 + rng.randrange(4))) + "\n"  # JSON Lines
        else:
            text = value(0)
        if number % 3 == 0: text = spaced(text)
        if number % 17 == 0: text = "\ufeff" + text
        with open(f"{corpus}/generated-{number:03}.json", "w", encoding="utf-8", newline="") as file:
            file.write(text)
elif target == "path":
    def jq_step(key):
        if key.isidentifier() and key.isascii() and not key[0].isdigit(): return "." + key
        return "[" + json.dumps(key, ensure_ascii=rng.random() < 0.5) + "]"
    def path_step(key):
        if key.isidentifier() and key.isascii() and not key[0].isdigit(): return "." + key
        return "['" + key.replace("\\", "\\\\").replace("'", "\\'") + "']"
    for number in range(150):
        steps = [rng.choice(keys) if rng.random() < 0.7 else rng.randrange(-3, 40) for _ in range(rng.randrange(6))]
        def render(step, render_key):
            if isinstance(step, int): return f"[{step}]"
            text = render_key(step)
            return text + (f"@{rng.randrange(3)}" if rng.random() < 0.2 else "")
        kind = number % 3
        if kind == 0: text = "." if not steps else "".join(render(s, jq_step) for s in steps)
        elif kind == 1: text = "$" + "".join(render(s, path_step) for s in steps)
        else: text = "".join("/" + str(s).replace("~", "~0").replace("/", "~1") for s in steps)
        with open(f"{corpus}/generated-{number:03}.txt", "w", encoding="utf-8", newline="") as file:
            file.write(text)
elif target == "filter":
    fields = [".name", ".age", ".tags", ".a.b", ".[0]", '.["odd key"]', ".", ".c.d", ".tags[-1]"]
    values = ['"x"', "1", "-2.5", "null", "true", "false", '["x"]', '{"a": 1}', '"Ana"', ".5"]
    operators = ["==", "!=", "<", "<=", ">", ">="]
    functions = ["length", "type", "not", 'contains("{v}")', 'startswith("A")', 'endswith("a")', 'test("^a"; "i")', 'has("name")', "has(0)"]
    def predicate(depth):
        roll = rng.random()
        if depth > 2 or roll < 0.4:
            return f"{rng.choice(fields)} {rng.choice(operators)} {rng.choice(values)}"
        if roll < 0.6:
            return f"{rng.choice(fields)} | " + rng.choice(functions).replace("{v}", "x")
        if roll < 0.8:
            return f"({predicate(depth + 1)}) {rng.choice(['and', 'or'])} {predicate(depth + 1)}"
        return f"({predicate(depth + 1)}) | not"
    for number in range(150):
        text = predicate(0)
        if number % 7 == 0: text = f"select({text})"
        with open(f"{corpus}/generated-{number:03}.txt", "w", encoding="utf-8", newline="") as file:
            file.write(text)
elif target == "regex":
    atoms = ["a", "b", "é", "日", "😀", ".", "[ab]", "[^a]", "[a-z]", "\\d", "\\w", "\\s", "\\b", "^", "$",
             "\\p{L}", "\\p{Lu}", "[[:alpha:]]", "\\x{e9}", "(?i:a)", "\\."]
    quantifiers = ["", "", "*", "+", "?", "*?", "+?", "{2}", "{1,3}", "{2,}"]
    def pattern(depth):
        parts = []
        for _ in range(1 + rng.randrange(4)):
            roll = rng.random()
            if depth < 2 and roll < 0.25:
                atom = rng.choice(["(", "(?:"]) + pattern(depth + 1) + ")"
            else:
                atom = rng.choice(atoms)
            parts.append(atom + (rng.choice(quantifiers) if atom not in ("^", "$", "\\b") else ""))
        text = "".join(parts)
        if depth < 2 and rng.random() < 0.2: text += "|" + pattern(depth + 1)
        return text
    letters = ["a", "b", "A", "é", "É", "日", "😀", " ", "1", "\u0301", "."]
    for number in range(150):
        flags = rng.choice(["", "", "(?i)", "(?m)", "(?s)", "(?x)"])
        text = "".join(rng.choice(letters) for _ in range(rng.randrange(20)))
        with open(f"{corpus}/generated-{number:03}.txt", "w", encoding="utf-8", newline="") as file:
            file.write(flags + pattern(0) + "\n" + text)
PYTHON
}

case "$target" in
  json) seed_json ;;
esac
generate
echo "corpus: $(find "$corpus" -type f | wc -l) inputs in $corpus"

# MARK: - Run

echo "fuzzing $target for ${seconds}s…"
marker=$(mktemp)
status=0
# Swift's own backtracer would take over the crash (and can wait on a terminal): leave
# crashes to libFuzzer and the address sanitizer.
SWIFT_BACKTRACE=enable=no "$binary" "$corpus" \
  -max_total_time="$seconds" -max_len="$max_len" -timeout=10 -rss_limit_mb=4096 \
  -dict="Fuzz/$target.dict" -artifact_prefix="$out/" -print_final_stats=1 "$@" || status=$?

if [ "$status" -ne 0 ]; then
  echo ""
  echo "FUZZING FOUND SOMETHING (libFuzzer exit status $status)"
  found_any=0
  while IFS= read -r artifact; do
    found_any=1
    echo "  input: $artifact ($(wc -c < "$artifact") bytes)"
    echo "  replay: $binary $artifact"
    echo "  first bytes:"
    od -A d -c "$artifact" | head -n 8 | sed 's/^/    /'
  done < <(find "$out" -maxdepth 1 -type f -newer "$marker" \
    \( -name 'crash-*' -o -name 'leak-*' -o -name 'timeout-*' -o -name 'oom-*' -o -name 'slow-unit-*' \))
  if [ "$found_any" -eq 0 ]; then
    echo "  no input was written (see libFuzzer's output above)"
  fi
  rm -f "$marker"
  exit "$status"
fi
rm -f "$marker"
