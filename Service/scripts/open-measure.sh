#!/usr/bin/env bash
# Instructions per open of a service session, in process (Sources/OpenMeasure): a release build
# into SCRATCH (Service/.build-release by default), then callgrind with N and 2N opens
# (SWIFT_DETERMINISTIC_HASHING=1); prints (2N run - N run) / N, and keeps both profiles in OUT
# for `callgrind_annotate --inclusive=yes` (Service/README.md, "Requests"); profiles a `strip -g`
# copy of the binary.
#
#   Service/scripts/open-measure.sh [N]   # N = 1000 by default
#   SCRATCH=/tmp/open-build OUT=/tmp/open-cg Service/scripts/open-measure.sh 500
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-1000}
scratch=${SCRATCH:-$PWD/.build-release}
out=${OUT:-/tmp/open-measure}
mkdir -p "$out"
swift build -c release --product OpenMeasure --scratch-path "$scratch" >&2
# valgrind 3.19 gives up on the binary's DWARF 5 debug information: a copy without it.
binary=$out/OpenMeasure
cp "$scratch/release/OpenMeasure" "$binary"
strip -g "$binary"
total() {
  SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file="$out/cg.$1" \
    "$binary" "$1" 2>&1 >/dev/null | sed -n 's/.*Collected : *\([0-9]*\).*/\1/p'
}
once=$(total "$count")
twice=$(total $((2 * count)))
echo "$count opens: $once instructions; $((2 * count)): $twice"
echo "per open: $(((twice - once) / count)) instructions (profiles: $out/cg.$count, $out/cg.$((2 * count)))"
