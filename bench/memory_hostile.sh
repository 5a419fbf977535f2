#!/usr/bin/env bash
# Peak RSS of rover against bench/hostile_feed.py, for bench/results-memory-hostile.md.
#   [RECORDS=N] bench/memory_hostile.sh ROVER_BINARY PAGE_MB [PAGES]
# RECORDS sets the records a page (default: hostile_feed.py's, texts of up to 4 KB each).
# Prints one line per command: command, exit code, peak RSS (MB, from GNU time's maximum resident set size).
set -u
rover=$1 mb=$2 pages=${3:-}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'kill $server 2>/dev/null; rm -rf "$work"' EXIT
python3 "$here/hostile_feed.py" --page-mb "$mb" ${pages:+--pages "$pages"} ${RECORDS:+--records "$RECORDS"} \
  --port-file "$work/port" &
server=$!
while [ ! -s "$work/port" ]; do sleep 0.1; done
base="http://127.0.0.1:$(cat "$work/port")/"
export XDG_STATE_HOME=$work/state XDG_CACHE_HOME=$work/cache
run() {
  local name=$1; shift
  /usr/bin/time -f '%M' -o "$work/rss" "$rover" --service nasa-raw --base-url "$base" "$@" >/dev/null 2>"$work/err"
  local code=$?
  printf '%-24s pages=%-4s records=%-6s %5s MB  exit %s\n' "$name" "${pages:-full}" "${RECORDS:-default}" \
    "$(( $(tail -1 "$work/rss") / 1024 ))" "$code"
}
run "photos --format jsonl" photos curiosity --sol 10 --format jsonl
run "fetch-image --dry-run" fetch-image curiosity --sol 10 -o "$work/out" --dry-run
run "sync --dry-run" sync curiosity --sol 10..10 -o "$work/mirror" --dry-run
run "watch --once" watch curiosity --once --lookback 0
