#!/usr/bin/env bash
# The seeded key fuzz, longer than CI runs it: thousands of random keys with resizes and
# pastes interleaved, sent to the real tgrid in tmux, for each of several seeds. Fails on a
# crash, a terminal left dirty (alternate screen, hidden cursor, mouse, raw mode) or an app
# that uses CPU while idle. Run it before a release.
#
#   Scripts/fuzz-keys.sh [ROUNDS] [KEYS] [FIRST_SEED] [FILE]
#
# ROUNDS seeds (default 10) from FIRST_SEED (default: the time), KEYS keys each (default
# 20000), on a copy of FILE (default demo-data/photo-albums.json). The test is
# EndToEndTests.aSeededKeyFuzz… (CI runs it with one seed and 3000 keys); a failing round
# prints its seed, and the same seed replays the same session:
#
#   TGRID_KEY_FUZZ_SEED=1234 TGRID_KEY_FUZZ_KEYS=20000 swift test --filter aSeededKeyFuzz
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${1:-10}"
keys="${2:-20000}"
seed="${3:-$(date +%s)}"
file="${4:-}"
if [ -n "$file" ]; then file="$(cd "$(dirname "$file")" && pwd)/$(basename "$file")"; fi

command -v tmux >/dev/null || { echo "error: the key fuzz needs tmux" >&2; exit 1; }
swift build --build-tests
failed=()
for round in $(seq 1 "$rounds"); do
  current=$((seed + round - 1))
  echo "=== round $round of $rounds: seed $current, $keys keys"
  if ! TGRID_KEY_FUZZ_SEED="$current" TGRID_KEY_FUZZ_KEYS="$keys" TGRID_KEY_FUZZ_FILE="$file" \
    swift test --skip-build --filter "aSeededKeyFuzzWithResizesAndPastes"; then
    failed+=("$current")
  fi
done
if [ "${#failed[@]}" -gt 0 ]; then
  echo "key fuzz failed for seeds: ${failed[*]}" >&2
  exit 1
fi
echo "key fuzz: $rounds rounds of $keys keys passed"
