#!/usr/bin/env bash
# Fuzz the JSON engine with libFuzzer for a number of seconds (default 60).
#
#   Scripts/fuzz-json.sh [SECONDS] [extra libFuzzer flags…]
#
# Builds Sources/TGridJSON/**/*.swift + Fuzz/JSONFuzzTarget.swift with
# -sanitize=fuzzer,address into .build/fuzz/json-fuzzer, seeds a corpus in fuzz-out/corpus
# from ../shared/conformance/JSONTestSuite/test_parsing (when present) and runs. Crashes
# land in fuzz-out/ (gitignored).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
shift || true

mkdir -p .build/fuzz fuzz-out/corpus
echo "building the fuzzer…"
swiftc -sanitize=fuzzer,address -parse-as-library -O -g \
  -module-name TGridJSON -swift-version 6 \
  $(find Sources/TGridJSON -name "*.swift" | sort) Fuzz/JSONFuzzTarget.swift \
  -o .build/fuzz/json-fuzzer 2> >(grep -v "Cannot export local symbol" >&2)

suite="../shared/conformance/JSONTestSuite/test_parsing"
if [ -d "$suite" ]; then
  cp -n "$suite"/*.json fuzz-out/corpus/ 2>/dev/null || true
else
  echo "no conformance suite at $suite: starting from an empty corpus"
fi

echo "fuzzing for ${seconds}s…"
.build/fuzz/json-fuzzer fuzz-out/corpus \
  -max_total_time="$seconds" -max_len=4096 -timeout=10 -rss_limit_mb=4096 \
  -dict=Fuzz/json.dict -artifact_prefix=fuzz-out/ -print_final_stats=1 "$@"
