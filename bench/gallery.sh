#!/usr/bin/env bash
# Benchmark `rover gallery` on N tiny PNG photos, each with its `fetch-image --metadata` sidecar (default 10 000).
# Target (issue "rover gallery"): the page in under 2 s for 10 000 images with sidecars, release build.
#
# Usage: bench/gallery.sh                (N=10000 RUNS=3; ROVER=path to skip the build; BENCH_TMPDIR=/var/tmp)
# Prints one Markdown table row on stdout; progress on stderr. Exit status: 0 under target, 1 over, 2 could not run.
set -euo pipefail

BENCH_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO_DIR=$(dirname "$BENCH_DIR")
N=${N:-10000}
RUNS=${RUNS:-3}
TARGET_SECONDS=2

log() { printf '[bench] %s\n' "$*" >&2; }

ROVER=${ROVER:-}
if [ -z "$ROVER" ]; then
  log "building rover (release, .build-bench)"
  swift build -c release --product rover --scratch-path "$REPO_DIR/.build-bench" --package-path "$REPO_DIR" >&2
  ROVER="$REPO_DIR/.build-bench/release/rover"
fi

WORK=$(mktemp -d "${BENCH_TMPDIR:-/var/tmp}/rover-gallery-bench.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
log "making $N photos with sidecars in $WORK"
python3 "$REPO_DIR/scripts/gallery_fixtures.py" "$WORK/photos" --bench "$N"
"$ROVER" gallery "$WORK/photos" >/dev/null 2>&1 # warm the page cache

best=""
for run in $(seq "$RUNS"); do
  start=$EPOCHREALTIME
  "$ROVER" gallery "$WORK/photos" >/dev/null 2>"$WORK/stderr" || { cat "$WORK/stderr" >&2; exit 2; }
  end=$EPOCHREALTIME
  seconds=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", b - a }')
  log "run $run: ${seconds}s ($(cat "$WORK/stderr"))"
  if [ -z "$best" ] || awk -v a="$seconds" -v b="$best" 'BEGIN { exit !(a < b) }'; then best=$seconds; fi
done

count=$(grep -c 'class="tile"' "$WORK/photos/index.html")
[ "$count" = "$N" ] || { log "page lists $count photos, expected $N"; exit 2; }
bytes=$(stat -c %s "$WORK/photos/index.html")
printf '| gallery | %s photos + sidecars | best of %s: %.2f s | page %s KB | target < %s s |\n' \
  "$N" "$RUNS" "$best" "$((bytes / 1024))" "$TARGET_SECONDS"
awk -v a="$best" -v b="$TARGET_SECONDS" 'BEGIN { exit !(a < b) }'
