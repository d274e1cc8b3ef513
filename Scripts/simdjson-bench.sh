#!/usr/bin/env bash
# The peer for `tgrid-bench json`: simdjson's DOM parser on the same file, in its own process.
#
#   bash Scripts/simdjson-bench.sh FILE [RUNS]
#
# Needs Debian's libsimdjson-dev (`apt-get install libsimdjson-dev`); builds a small C++
# program once into .build/simdjson-bench (g++ -O3 -march=native) and prints one line:
#   simdjson seconds=<median load+parse> parse=<median parse alone> best=<best load+parse> peak=<ru_maxrss KiB>
# load = simdjson::padded_string::load (reads the file into padded memory), parse =
# dom::parser::parse (both stages: structural index and tape). Exit status 2 when simdjson
# is not installed.
set -euo pipefail
file=${1:?usage: simdjson-bench.sh FILE [RUNS]}
runs=${2:-5}
here=$(cd "$(dirname "$0")/.." && pwd)
binary="$here/.build/simdjson-bench"
if [ ! -f /usr/include/simdjson.h ]; then
  echo "simdjson is not installed (apt-get install libsimdjson-dev)" >&2
  exit 2
fi
if [ ! -x "$binary" ] || [ "$0" -nt "$binary" ]; then
  mkdir -p "$here/.build"
  source=$(mktemp --suffix=.cpp)
  trap 'rm -f "$source"' EXIT
  cat >"$source" <<'CPP'
#include <simdjson.h>
#include <sys/resource.h>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char **argv) {
  if (argc < 3) return 1;
  int runs = std::atoi(argv[2]);
  std::vector<double> total, parse;
  size_t elements = 0;
  for (int run = 0; run < runs; run++) {
    auto start = std::chrono::steady_clock::now();
    simdjson::padded_string text;
    if (simdjson::padded_string::load(argv[1]).get(text)) { std::fprintf(stderr, "cannot read\n"); return 1; }
    auto loaded = std::chrono::steady_clock::now();
    simdjson::dom::parser parser;  // a fresh parser each run: its tape is allocated as ours is
    simdjson::dom::element root;
    auto error = parser.parse(text).get(root);
    auto end = std::chrono::steady_clock::now();
    if (error) { std::fprintf(stderr, "%s\n", simdjson::error_message(error)); return 1; }
    if (root.is_array()) elements = simdjson::dom::array(root).size();
    total.push_back(std::chrono::duration<double>(end - start).count());
    parse.push_back(std::chrono::duration<double>(end - loaded).count());
  }
  std::sort(total.begin(), total.end());
  std::sort(parse.begin(), parse.end());
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  std::printf("simdjson implementation=%s seconds=%.6f parse=%.6f best=%.6f peak=%ld elements=%zu\n",
              simdjson::get_active_implementation()->name().c_str(), total[total.size() / 2],
              parse[parse.size() / 2], total[0], usage.ru_maxrss, elements);
  return 0;
}
CPP
  g++ -O3 -march=native -std=c++17 "$source" -o "$binary" -lsimdjson
fi
"$binary" "$file" "$runs"
