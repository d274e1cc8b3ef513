#!/usr/bin/env python3
"""Key to the whole document in the app against key to `tgrid check`'s answer (issue 34, item 1).

    Scripts/key-to-whole.py FILE ROUNDS TGRID BENCH [BENCH ...]

Each round starts, one after another, `TGRID check FILE` and `BENCH firstscreen --whole FILE`
for each BENCH given (two builds of tgrid-bench, say main's and a branch's), noting the
monotonic clock just before each process starts:

- check: from the start to its answer read on the pipe (it writes it when it ends), and to
  the process's end (its wall time);
- each BENCH: from the start to the frame showing the whole document (the `wholeAt=` it
  prints, on the same clock: process start, the background load, the run loop and its
  frames, as `tgrid FILE` does), and to the process's end (its wall time, with the exit
  that unmaps the file and frees the index).

Prints the medians, the medians of the ratios taken within each round (a busy moment of the
machine slows both sides of a round alike) and the load average at the start and the end.
"""
import os
import resource
import statistics
import subprocess
import sys
import time


def run_check(tgrid, path):
    start = time.monotonic()
    process = subprocess.Popen([tgrid, "check", "--max-size=4G", path], stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL)
    process.stdout.readline()
    answered = time.monotonic()
    process.stdout.read()
    process.wait()
    return answered - start, time.monotonic() - start


def run_bench(bench, path):
    start = time.monotonic()
    output = subprocess.run([bench, "firstscreen", "--whole", path], stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True).stdout
    ended = time.monotonic()
    fields = dict(pair.split("=", 1) for pair in output.split() if "=" in pair)
    return float(fields["wholeAt"]) - start, ended - start


def main():
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    path, rounds, tgrid, benches = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4:]
    print("load at start:", open("/proc/loadavg").read().split()[:3], file=sys.stderr)
    check_key, check_wall = [], []
    key = {b: [] for b in benches}
    wall = {b: [] for b in benches}
    key_ratio = {b: [] for b in benches}
    wall_ratio = {b: [] for b in benches}
    for _ in range(rounds):
        answered, ended = run_check(tgrid, path)
        check_key.append(answered)
        check_wall.append(ended)
        for bench in benches:
            whole, finished = run_bench(bench, path)
            key[bench].append(whole)
            wall[bench].append(finished)
            key_ratio[bench].append(whole / answered)
            wall_ratio[bench].append(finished / ended)
    print("load at end:", open("/proc/loadavg").read().split()[:3], file=sys.stderr)
    ms = lambda xs: f"{statistics.median(xs) * 1000:7.1f} ms"
    print(f"check            key to answer {ms(check_key)}   wall {ms(check_wall)}   ({rounds} rounds)")
    for index, bench in enumerate(benches):
        print(f"bench {index + 1}          key to whole  {ms(key[bench])}   wall {ms(wall[bench])}   {bench}")
        print(f"  ratio to check: key {statistics.median(key_ratio[bench]):.2f}x   wall {statistics.median(wall_ratio[bench]):.2f}x")


main()
