#!/usr/bin/env bash
# Builds one libFuzzer target with clang in build-fuzz/ and runs it for SECONDS on a scratch copy of its seed corpus
# (docs/fuzzing.md). The normal gcc build does not need clang; only this script does.
# Usage: scripts/fuzz.sh TARGET SECONDS [libFuzzer options...]
#   TARGET: tflite | wireparser | config | bundle | schema | compare | import | npy | powercsv | powerjls | powerterminal | all
#   (all: every target, as many side by side as there are cores: HPX_FUZZ_PARALLEL)
# Exit 0 when nothing was found; otherwise the crashing input is in build-fuzz/findings/TARGET/: copy it to
# tests/data/fuzz/TARGET/ so that tst_fuzzreplay replays it in every ctest run, then fix the code.
set -euo pipefail
HPX_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TARGETS=(tflite wireparser config bundle schema compare import npy powercsv powerjls powerterminal)

if [ $# -lt 2 ]; then
  echo "usage: scripts/fuzz.sh TARGET SECONDS [libFuzzer options...]  (TARGET: ${TARGETS[*]} | all)" >&2
  exit 2
fi
target="$1"; seconds="$2"; shift 2
build="${HPX_FUZZ_BUILD:-$HPX_ROOT/build-fuzz}"
data="$HPX_ROOT/tests/data"
export CCACHE_BASEDIR="$HPX_ROOT" CCACHE_NOHASHDIR=1
build_targets() {
  if [ ! -f "$build/CMakeCache.txt" ]; then
    CC=clang CXX=clang++ cmake -S "$HPX_ROOT" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DHPX_FUZZ=ON \
      -DHPX_BUILD_GUI=OFF -DHPX_BUILD_TESTS=OFF -DHPX_BUILD_BENCH=OFF >&2
  fi
  cmake --build "$build" --target "$@" -j"${HPX_FUZZ_JOBS:-$(nproc)}" >&2
}

if [ "$target" = all ]; then
  # One build of every target, then as many targets side by side as there are cores (each fuzzer uses one), each
  # into its own log, shown whole when it ends: SECONDS of each, in a fraction of the time one after another.
  build_targets "${TARGETS[@]/#/fuzz_}"
  logs="$(mktemp -d "${TMPDIR:-/tmp}/hpx-fuzz-logs.XXXXXX")"
  trap 'rm -rf "$logs"' EXIT
  declare -A running=() # pid -> target
  failed=()
  reap() { # waits for one target to end, shows its log, notes a failure (bash 5.1: wait -n -p)
    local pid rc=0
    wait -n -p pid || rc=$?
    cat "$logs/${running[$pid]}.log" >&2
    [ $rc -eq 0 ] || failed+=("${running[$pid]}")
    unset "running[$pid]"
  }
  for t in "${TARGETS[@]}"; do
    while [ ${#running[@]} -ge "${HPX_FUZZ_PARALLEL:-$(nproc)}" ]; do reap; done
    HPX_FUZZ_BUILT=1 "$0" "$t" "$seconds" "$@" >"$logs/$t.log" 2>&1 &
    running[$!]="$t"
  done
  while [ ${#running[@]} -gt 0 ]; do reap; done
  if [ ${#failed[@]} -gt 0 ]; then
    echo "fuzz.sh: found problems in: ${failed[*]}" >&2
    exit 1
  fi
  echo "fuzz.sh: ${#TARGETS[@]} targets, ${seconds}s each, nothing found" >&2
  exit 0
fi
case " ${TARGETS[*]} " in *" $target "*) ;; *) echo "fuzz.sh: unknown target '$target'" >&2; exit 2 ;; esac
[ "${HPX_FUZZ_BUILT:-0}" = 1 ] || build_targets "fuzz_$target"

# The seed corpus: the inputs tests/data already has for this reader, plus tests/data/fuzz/TARGET (hand-made seeds and
# every crash found so far). libFuzzer adds to the scratch copy, never to the tree.
scratch="$(mktemp -d "${TMPDIR:-/tmp}/hpx-fuzz-$target.XXXXXX")"
trap 'rm -rf "$scratch"' EXIT
corpus="$scratch/seeds" work="$scratch/work"
mkdir -p "$corpus" "$work"
seed() { [ -f "$1" ] && cp "$1" "$corpus/$(echo "${1#$data/}" | tr / _)"; return 0; }
pack() { # a bundle folder as one archive: "==> PATH <==" headers (fuzz/fuzz_bundle.cpp)
  local dir="$1" out="$2" f
  : > "$out"
  while IFS= read -r f; do
    local rel="${f#$dir/}"
    rel="${rel/expected_summary.json/summary.json}"
    rel="${rel/expected_model_explorer/model_explorer}"
    printf '==> %s <==\n' "$rel" >> "$out"; cat "$f" >> "$out"; printf '\n' >> "$out"
  done < <(find "$dir" -type f ! -name expected.json | sort)
}
case "$target" in
  tflite) for f in "$data"/models/*.tflite; do [ "$(stat -c %s "$f")" -le 131072 ] && seed "$f"; done ;;
  wireparser) for f in "$data"/conformance/*/stream.txt "$data"/cli/*.log "$data"/link/*.txt; do seed "$f"; done ;;
  config) ;;
  schema) for d in "$data"/bundle/conformance/*/; do
      for f in "$d"expected_summary.json "$d"*.csv; do seed "$f"; done
    done ;;
  compare) ;;
  import) ;; # tests/data/fuzz/import: model + stream pairs (fuzz/fuzz_import.cpp has the format)
  npy) ;; # tests/data/fuzz/npy: .npy files of every version and a big-endian one
  bundle) for d in "$data"/bundle/conformance/*/; do
      [ -f "$d/expected_summary.json" ] && pack "${d%/}" "$corpus/$(basename "$d").txt"
    done ;;
esac
for f in "$data/fuzz/$target"/*; do seed "$f"; done

findings="$build/findings/$target"
mkdir -p "$findings"
# The bundle target writes a folder per input; keep that in memory when /dev/shm is there.
case "$target" in bundle | compare) [ -w /dev/shm ] && export TMPDIR=/dev/shm ;; esac
echo "fuzz.sh: fuzz_$target for ${seconds}s, $(ls "$corpus" | wc -l) seed entries" >&2
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1}" UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1}"
status=0
"$build/fuzz/fuzz_$target" -max_total_time="$seconds" -timeout=20 -print_final_stats=1 \
  -artifact_prefix="$findings/" "$@" "$work" "$corpus" || status=$?
if [ $status -ne 0 ]; then
  echo "fuzz.sh: fuzz_$target found a problem; the input is in $findings/ — copy it to tests/data/fuzz/$target/" >&2
fi
exit $status
