#!/usr/bin/env bash
# Benchmark `rover animate` against a Pillow script building the same GIF from the same frames (issue 36).
# Frames are constructed (bench/movie_frames.py); a local feed lists them (bench/movie_feed.py). rover's first run
# downloads them; the timed runs find them in place and fetch nothing, so both contenders read the same PNGs from
# disk and write one looping grey GIF. Wall, CPU (user + system) and peak RSS from /usr/bin/time -v, best of RUNS;
# then Pillow decodes rover's GIF and checks its frame count, delays and pixels against the frames (movie_verify.py).
#
# Usage: bench/animate.sh   (N=100 W=1024 H=512 RUNS=3; ROVER=path to a release build)
# Prints Markdown table rows on stdout; progress on stderr.
set -euo pipefail

BENCH_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO_DIR=$(dirname "$BENCH_DIR")
N=${N:-100}
W=${W:-1024}
H=${H:-512}
RUNS=${RUNS:-3}
ROVER=${ROVER:-$REPO_DIR/.build/release/rover}
log() { printf '[bench] %s\n' "$*" >&2; }

WORK=$(mktemp -d "${BENCH_TMPDIR:-/var/tmp}/rover-animate-bench.XXXXXX")
FEED_PID=""
trap '[ -n "$FEED_PID" ] && kill "$FEED_PID"; rm -rf "$WORK"' EXIT
mkdir -p "$WORK/frames" "$WORK/out"
log "making $N frames of ${W}x${H} in $WORK"
python3 "$BENCH_DIR/movie_frames.py" "$WORK/frames" "$N" "$W" "$H"
python3 "$BENCH_DIR/movie_feed.py" "$WORK/frames" >"$WORK/feed-url" &
FEED_PID=$!
for _ in $(seq 50); do [ -s "$WORK/feed-url" ] && break; sleep 0.1; done
BASE=$(cat "$WORK/feed-url")
export ROVER_CACHE_DIR="$WORK/cache"
animate=("$ROVER" animate curiosity --sol 3121 --service nasa-raw --base-url "$BASE" -o "$WORK/out" --fps 5 -q)
"${animate[@]}" >/dev/null # downloads the frames
mapfile -t frames < <(ls "$WORK/out"/*.jpg)

smaller() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(b == "" || a < b) }'; }
measure() { # label, command...
  local label=$1 best_wall="" best_cpu="" best_rss=""
  shift
  for run in $(seq "$RUNS"); do
    /usr/bin/time -v "$@" >/dev/null 2>"$WORK/time" || { cat "$WORK/time" >&2; exit 2; }
    wall=$(awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i]; print s }' "$WORK/time")
    cpu=$(awk -F': ' '/(User|System) time/ { s += $2 } END { printf "%.2f", s }' "$WORK/time")
    rss=$(awk -F': ' '/Maximum resident set size/ { printf "%.1f", $2 / 1024 }' "$WORK/time")
    log "$label run $run: ${wall}s wall, ${cpu}s CPU, ${rss} MB"
    if smaller "$wall" "$best_wall"; then best_wall=$wall; fi
    if smaller "$cpu" "$best_cpu"; then best_cpu=$cpu; fi
    if smaller "$rss" "$best_rss"; then best_rss=$rss; fi
  done
  printf '| %s | %s × %sx%s | %s | %s | %s |\n' "$label" "$N" "$W" "$H" "$best_wall" "$best_cpu" "$best_rss"
}

measure "rover animate (release)" "${animate[@]}"
measure "Pillow script" python3 "$BENCH_DIR/movie_pillow.py" "$WORK/pillow.gif" 200 "${frames[@]}"
log "rover GIF $(stat -c %s "$WORK/out"/*.gif) bytes, Pillow GIF $(stat -c %s "$WORK/pillow.gif") bytes"
python3 "$BENCH_DIR/movie_verify.py" "$WORK/out"/*.gif 200 "${frames[@]}" >&2
