#!/bin/bash
# The timeline's step alone in the app, as Scripts/large-file.sh times it: FILE opened in
# TGRID in tmux (120×40, a shell between), the load waited for, then `4` timed from the key
# to a screen still for 50 ms with nothing being read, with the step's CPU (user + system,
# every thread's) and the run loop's thread's own. A tmux server of its own.
#
#   Scripts/timeline-in-app.sh TGRID FILE
set -u
bin=$1
file=$2
socket=tgrid-timeline-step
t() { command tmux -L "$socket" "$@"; }
now_ms() { echo $(($(date +%s%N) / 1000000)); }
screen() { t capture-pane -p -t "$socket"; }
still() {
  local last="" current
  while true; do
    current="$(screen)"
    if [ "$current" = "$last" ] && ! tail -1 <<<"$current" | grep -qiE 'reading|loading|[0-9]%'; then break; fi
    last="$current"
    sleep 0.05
  done
}
t kill-server 2>/dev/null
t new -d -s "$socket" -x 120 -y 40 'bash -i'
sleep 0.5
t send-keys -t "$socket" "exec $bin $file" Enter
sleep 1
still
pid=$(pgrep -n -f "^$bin $file")
ticks=$(getconf CLK_TCK)
cpu() { awk '{print $14 + $15}' "/proc/$pid/stat"; }
loop_cpu() { awk '{print $14 + $15}' "/proc/$pid/task/$pid/stat"; }
echo "loaded (pid $pid), load $(cut -d' ' -f1-3 /proc/loadavg)"
before="$(screen)"
cpu0=$(cpu)
loop0=$(loop_cpu)
started=$(now_ms)
t send-keys -t "$socket" 4
while [ "$(screen)" = "$before" ]; do sleep 0.02; done
still
waited=$(($(now_ms) - started - 50))
cpu1=$(cpu)
loop1=$(loop_cpu)
echo "4, the timeline: ${waited} ms, CPU $(((cpu1 - cpu0) * 1000 / ticks)) ms" \
  "(run loop thread $(((loop1 - loop0) * 1000 / ticks)) ms), load $(cut -d' ' -f1-3 /proc/loadavg)"
screen | tail -1
t send-keys -t "$socket" ':q' Enter
sleep 1
t kill-server 2>/dev/null
