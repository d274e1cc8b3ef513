#!/usr/bin/env python3
"""The app's own memory (RssAnon) after each key, as a person uses it (issue 34, item 2).

    Scripts/memory-per-view.py TGRID FILE KEY...

Starts TGRID FILE in tmux (its own server, `-L tgrid-memory-PID`, 120x40, a shell between
tmux and tgrid), waits for the first screen, then sends each KEY (tmux key names: `1`,
`Right`, `G`, `d`, `u`...) and, once the screen has been still for a second (a view that
reads its records in slices shows its progress on the status line, so it is still only
once it has read them), prints the key, RssAnon (tgrid's own memory), RssFile (the
file's mapped pages, shared with the page cache) and RssAnon as a multiple of the file's
size. Quits without saving. With TRIM=1 in the environment, a last row is taken after
`malloc_trim(0)` called in tgrid through gdb: what is left is memory in use, not freed
memory the heap kept. Examples (BENCHMARKS.md, "App load and memory"):

    Scripts/memory-per-view.py .build-release/release/tgrid FILE 1 Right G 2 G 3 G 4 5 6 d u
    Scripts/memory-per-view.py .build-release/release/tgrid FILE 6 d u
"""
import os
import subprocess
import sys
import time

tgrid, path, keys = sys.argv[1], sys.argv[2], sys.argv[3:]
socket = f"tgrid-memory-{os.getpid()}"
size = os.path.getsize(path)


def tmux(*args):
    return subprocess.run(["tmux", "-L", socket, *args], capture_output=True, text=True).stdout


def screen():
    return tmux("capture-pane", "-p", "-t", "m")


def status(pid):
    fields = {}
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            name, _, value = line.partition(":")
            fields[name] = value.strip()
    return int(fields["RssAnon"].split()[0]) * 1024, int(fields["RssFile"].split()[0]) * 1024


def settle(limit=300.0):
    """Waits until the screen has not changed for a second (at most `limit` seconds)."""
    start = time.monotonic()
    last, since = screen(), time.monotonic()
    while time.monotonic() - start < limit:
        time.sleep(0.25)
        now = screen()
        if now != last:
            last, since = now, time.monotonic()
        elif time.monotonic() - since >= 1.0:
            return
    print(f"(the screen did not settle in {limit:.0f} s)", file=sys.stderr)


recovery = os.path.join(os.path.dirname(path), "." + os.path.basename(path) + ".tgrid-recovery")
tmux("new-session", "-d", "-s", "m", "-x", "120", "-y", "40", "bash --norc -i")
try:
    tmux("send-keys", "-t", "m", f"{tgrid} {path}", "Enter")
    shell = tmux("display-message", "-p", "-t", "m", "#{pane_pid}").strip()
    pid = None
    for _ in range(600):
        time.sleep(0.1)
        children = subprocess.run(["pgrep", "-P", shell], capture_output=True, text=True).stdout.split()
        if children and "help" in screen():
            pid = children[0]
            break
    if pid is None:
        sys.exit("tgrid did not show its first screen")
    settle()
    print(f"file {size / 1e6:.0f} MB ({path})")
    print("| key | RssAnon | RssFile | RssAnon / file |")
    print("|---|---:|---:|---:|")

    def row(name):
        anon, mapped = status(pid)
        print(f"| {name} | {anon / 1e6:.0f} MB | {mapped / 1e6:.0f} MB | {anon / size:.2f} |", flush=True)

    row("opened")
    for key in keys:
        tmux("send-keys", "-t", "m", key)
        settle()
        row(key)
    if os.environ.get("TRIM") == "1":
        subprocess.run(["gdb", "-p", pid, "-batch", "-ex", "call (int)malloc_trim(0)"], capture_output=True)
        row("malloc_trim")
    tmux("send-keys", "-t", "m", "Escape", ":q!", "Enter")
    time.sleep(0.5)
finally:
    tmux("kill-server")
    if os.path.exists(recovery):
        os.remove(recovery)
