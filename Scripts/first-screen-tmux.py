#!/usr/bin/env python3
"""The first screen through tmux, as a person sees it (issue 34, item 5): files in turn.

    Scripts/first-screen-tmux.py TGRID ROUNDS FILE...

Starts a tmux server of its own (`-L tgrid-first-PID`, 120x40, a shell between tmux and
tgrid), and for each round opens each FILE in turn: types `TGRID FILE`, then times from
the Enter to the first capture of the pane with tgrid's status line on its bottom row (the
file's name; the shell's prompt is on the first row after `clear`), polling the pane as
fast as tmux answers (a capture takes about a millisecond; the
figure includes starting the process and tmux's own drawing). Quits without saving after
each. Prints every round, then each file's median and range and the median of the round
ratios to the first FILE.
"""
import os
import statistics
import subprocess
import sys
import time

tgrid, rounds, files = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
socket = f"tgrid-first-{os.getpid()}"


def tmux(*args):
    return subprocess.run(["tmux", "-L", socket, *args], capture_output=True, text=True).stdout


def screen():
    return tmux("capture-pane", "-p", "-t", "m")


def first_screen(path):
    tmux("send-keys", "-t", "m", "clear", "Enter")
    time.sleep(0.3)
    tmux("send-keys", "-t", "m", "-l", f"{tgrid} {path}")
    time.sleep(0.2)
    start = time.monotonic()
    tmux("send-keys", "-t", "m", "Enter")
    while True:
        lines = screen().split("\n")
        # The shell's prompt is on the first row after `clear`: a bottom row is tgrid's.
        if len(lines) >= 40 and os.path.basename(path) in lines[39]:
            elapsed = time.monotonic() - start
            break
        if time.monotonic() - start > 30:
            elapsed = float("nan")
            break
    tmux("send-keys", "-t", "m", "Escape", ":q!", "Enter")
    # Back at the shell's prompt before the next file.
    for _ in range(200):
        time.sleep(0.05)
        if "? help" not in screen():
            break
    time.sleep(0.3)
    return elapsed * 1000


tmux("new-session", "-d", "-s", "m", "-x", "120", "-y", "40", "bash --norc -i")
try:
    with open("/proc/loadavg") as f:
        print("load at start:", " ".join(f.read().split()[:3]))
    times = {path: [] for path in files}
    ratios = {path: [] for path in files[1:]}
    for round in range(rounds):
        row = []
        for path in files:
            times[path].append(first_screen(path))
            row.append(f"{os.path.basename(path)} {times[path][-1]:.1f} ms")
        for path in files[1:]:
            ratios[path].append(times[path][-1] / times[files[0]][-1])
        print(f"round {round + 1}: " + ", ".join(row), flush=True)
    for path in files:
        values = times[path]
        print(f"{os.path.basename(path)} ({os.path.getsize(path):,} bytes): median {statistics.median(values):.1f} ms"
              f" ({min(values):.1f}-{max(values):.1f})")
    for path in files[1:]:
        print(f"{os.path.basename(path)} / {os.path.basename(files[0])}: median of round ratios"
              f" {statistics.median(ratios[path]):.2f}x ({min(ratios[path]):.2f}-{max(ratios[path]):.2f})")
    with open("/proc/loadavg") as f:
        print("load at end:", " ".join(f.read().split()[:3]))
finally:
    tmux("kill-server")
    for path in files:
        recovery = os.path.join(os.path.dirname(path), "." + os.path.basename(path) + ".tgrid-recovery")
        if os.path.exists(recovery):
            os.remove(recovery)
