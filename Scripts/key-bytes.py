#!/usr/bin/env python3
"""Bytes a terminal receives per navigation key, for tgrid and VisiData in the same run.

Each program runs in its own tmux session (TERM=tmux-256color inside tmux, as users see it)
at the given size; `tmux pipe-pane` copies everything the program writes to a file. After
the first screen settles, each key is pressed several times; after every press the script
waits until the output has been quiet for a while, and counts the bytes that arrived.
The figure per key is the median over its presses.

Usage:
  Scripts/key-bytes.py [--file PATH] [--size 120x40] [--presses 15] [--program tgrid|visidata|both]
                       [--tgrid PATH] [--view grid|tree|table]

The file defaults to bench-data/records-10MB.json (`tgrid-bench json --generate bench-data
records-10MB.json` makes it); tgrid defaults to .build/release/tgrid. VisiData comes from
PyPI (`pip install visidata`, command `vd`).
"""

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

# Each phase: (label, keys pressed first without counting, keys of one counted press).
# Keys are tmux key names; VisiData's top is `gg` (its `g` is a prefix), written "g g".
# "within the screen" moves start from the top (or the bottom) and are undone between
# presses, so no press scrolls;
# "scrolling" moves start with the focus on the screen's edge, so every press scrolls.
def phases(rows, program):
    edge = rows + 2
    top = ["g", "g"] if program == "visidata" else ["g"]
    return [
        ("j (within the screen)", top, ["j"]),
        ("j (scrolling)", ["j"] * edge, ["j"]),
        ("Down (scrolling)", [], ["Down"]),
        ("k (within the screen)", [], ["k"]),
        ("k (scrolling)", ["k"] * edge, ["k"]),
        ("Up (scrolling)", [], ["Up"]),
        ("PgDn", [], ["NPage"]),
        ("PgUp", [], ["PPage"]),
        ("G (last)", [], ["G"]),
        ("g (first)", [], top),
    ]


# A tmux server of its own (`tmux -L`), so the sessions never touch the user's default server.
SOCKET = "tgrid-key-bytes"


def tmux(*arguments, check=True):
    return subprocess.run(["tmux", "-L", SOCKET, *arguments], check=check, capture_output=True, text=True).stdout


def size_of(path):
    try:
        return os.path.getsize(path)
    except OSError:
        return 0


def wait_quiet(path, quiet=0.25, limit=60.0):
    """Waits until `path` has not grown for `quiet` seconds (or `limit` passed); returns its size."""
    start = time.monotonic()
    last = size_of(path)
    changed = time.monotonic()
    while time.monotonic() - start < limit:
        time.sleep(0.02)
        now = size_of(path)
        if now != last:
            last = now
            changed = time.monotonic()
        elif time.monotonic() - changed >= quiet:
            break
    return last


def wait_for_text(session, text, limit=120.0):
    start = time.monotonic()
    while time.monotonic() - start < limit:
        if text in tmux("capture-pane", "-p", "-t", session, check=False):
            return True
        time.sleep(0.1)
    return False


def measure(name, command, ready_text, program, columns, rows, presses, setup_keys=()):
    session = f"keybytes-{os.getpid()}-{name}"
    output = tempfile.NamedTemporaryFile(prefix="key-bytes-", delete=False).name
    tmux("kill-session", "-t", session, check=False)
    tmux("new-session", "-d", "-s", session, "-x", str(columns), "-y", str(rows), command)
    try:
        tmux("set-option", "-t", session, "status", "off")
        tmux("resize-window", "-t", session, "-x", str(columns), "-y", str(rows), check=False)
        if not wait_for_text(session, ready_text):
            print(f"{name}: the first screen never showed {ready_text!r}", file=sys.stderr)
            print(tmux("capture-pane", "-p", "-t", session, check=False), file=sys.stderr)
            return {}
        time.sleep(1.0)
        for key in setup_keys:
            tmux("send-keys", "-t", session, key)
            time.sleep(0.5)
        tmux("pipe-pane", "-o", "-t", session, f"cat >> {output}")
        time.sleep(0.3)
        wait_quiet(output, quiet=0.5)
        results = {}
        steps = phases(rows, program)
        keys_of = {label: keys for label, _, keys in steps}
        # Each counted press is undone by an uncounted one: jumps so that each one moves,
        # moves within the screen so that none reaches the edge (cards several rows tall
        # fill a screen with few rows of them).
        alternate = {"G (last)": keys_of["g (first)"], "g (first)": keys_of["G (last)"],
                     "j (within the screen)": ["k"], "k (within the screen)": ["j"]}
        for label, before_keys, keys in steps:
            if before_keys:
                tmux("send-keys", "-t", session, *before_keys)
            counts = []
            for _ in range(presses):
                if label in alternate and counts:
                    wait_quiet(output)
                    tmux("send-keys", "-t", session, *alternate[label])
                before = wait_quiet(output)
                tmux("send-keys", "-t", session, *keys)
                after = wait_quiet(output)
                counts.append(after - before)
            results[label] = counts
        return results
    finally:
        tmux("kill-session", "-t", session, check=False)
        os.unlink(output)


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--file", default=os.path.join(root, "bench-data", "records-10MB.json"))
    parser.add_argument("--size", default="120x40")
    parser.add_argument("--presses", type=int, default=15)
    parser.add_argument("--program", default="both", choices=["tgrid", "visidata", "both"])
    parser.add_argument("--tgrid", default=os.path.join(root, ".build", "release", "tgrid"))
    parser.add_argument("--view", default="grid", choices=["grid", "tree", "table"])
    arguments = parser.parse_args()
    columns, rows = (int(part) for part in arguments.size.split("x"))
    path = os.path.abspath(arguments.file)
    if not os.path.exists(path):
        sys.exit(f"{path} is missing: tgrid-bench json --generate {os.path.dirname(path)} {os.path.basename(path)}")

    table = {}
    if arguments.program in ("tgrid", "both"):
        table[f"tgrid ({arguments.view})"] = measure(
            "tgrid", f"{arguments.tgrid} --no-animation --layout {arguments.view} {path}", "? help", "tgrid", columns,
            rows, arguments.presses, ["Enter"] if arguments.view == "tree" else [])
    if arguments.program in ("visidata", "both"):
        vd = shutil.which("vd")
        if vd is None:
            print("VisiData is not installed (pip install visidata)", file=sys.stderr)
        else:
            table["VisiData"] = measure(
                "vd", f"{vd} {path}", "guid", "visidata", columns, rows, arguments.presses)

    programs = list(table)
    print(f"Bytes per key press, {columns}×{rows}, {os.path.basename(path)} (median of {arguments.presses}; min–max)")
    print("| key | " + " | ".join(programs) + " |")
    print("|---|" + "---:|" * len(programs))
    for label, _, _ in phases(rows, "tgrid"):
        cells = []
        for program in programs:
            counts = table[program].get(label, [])
            if counts:
                cells.append(f"{int(statistics.median(counts)):,} ({min(counts):,}–{max(counts):,})")
            else:
                cells.append("–")
        print(f"| {label} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
