#!/usr/bin/env bash
# The app's load against `tgrid check` of the same file, in one run (issue 34, item 1).
#
#   Scripts/load-vs-check.sh FILE ROUNDS BEFORE_BENCH AFTER_BENCH TGRID
#
# Each round runs, under /usr/bin/time, `BEFORE_BENCH firstscreen --whole FILE` and
# `AFTER_BENCH firstscreen --whole FILE` (key to the whole document in the browser, as
# `tgrid FILE` loads it: two builds of tgrid-bench, say main's and a branch's), then
# `TGRID check FILE`; prints the medians of user, system, CPU and wall time, the ratios to
# check, and the load average at the start and the end.
f=$1; n=$2; before=$3; after=$4; tgrid=$5
out=$(mktemp)
echo "load at start: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
for i in $(seq $n); do
  /usr/bin/time -f "before %U %S %e" -a -o $out $before firstscreen --whole $f >/dev/null 2>&1
  /usr/bin/time -f "after %U %S %e" -a -o $out $after firstscreen --whole $f >/dev/null 2>&1
  /usr/bin/time -f "check %U %S %e" -a -o $out $tgrid check --max-size=4G $f >/dev/null 2>&1
done
echo "load at end: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
python3 - $out <<'PY'
import sys, statistics as st
rows={}
for line in open(sys.argv[1]):
    k,u,s,e=line.split(); rows.setdefault(k,[]).append((float(u),float(s),float(e)))
med=lambda xs: st.median(xs)
res={}
for k,v in rows.items():
    res[k]=(med([a for a,b,c in v]),med([b for a,b,c in v]),med([a+b for a,b,c in v]),med([c for a,b,c in v]))
    print(f"{k:7s} n={len(v)} user {res[k][0]:.3f} sys {res[k][1]:.3f} cpu {res[k][2]:.3f} wall {res[k][3]:.3f}")
for k in ("before","after"):
    print(f"{k}/check: cpu {res[k][2]/res['check'][2]:.2f}x wall {res[k][3]/res['check'][3]:.2f}x")
PY
