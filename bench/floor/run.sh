#!/bin/sh
# The floor under rover's per-photo CPU on the plain-HTTP load: what its record and its atomic files cost with no
# Swift at all (bench/README.md, "What the bound leaves for rover's own work"). Needs cc and SQLite's headers
# (Debian: gcc, libsqlite3-dev). Medians of RUNS runs, CPU microseconds a photo, on tmpfs as the bench's loads.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
runs=${RUNS:-7}
work=$(mktemp -d /dev/shm/rover-floor.XXXXXX)
trap 'rm -rf "$work"' EXIT
cc -O2 -o "$work/record_insert" "$here/record_insert.c" -lsqlite3
cc -O2 -o "$work/atomic_file" "$here/atomic_file.c"
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
measure() { # label, then the command; prints the median of $runs runs
  label=$1; shift
  i=0
  while [ "$i" -lt "$runs" ]; do "$@"; rm -rf "$work/files"; i=$((i + 1)); done | median | xargs printf '%-50s %6s µs\n' "$label"
}
measure "record: SQLite insert, 10 000 rows" "$work/record_insert" "$work/record.sqlite" 10000 current
measure "record, with the path index before issue 39" "$work/record_insert" "$work/record.sqlite" 10000 path-index
measure "file: open, write 20 KB, close (curl)" "$work/atomic_file" plain "$work/files" 10000
measure "file: fstatat, O_TMPFILE, write, linkat (rover)" "$work/atomic_file" atomic "$work/files" 10000
