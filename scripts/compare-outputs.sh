#!/usr/bin/env bash
# Runs one build's command-line tools over a fixed set of inputs and keeps every output, so that a refactoring can be
# shown to change no output: run it for the commit before and the commit after, then `diff -r` the two folders.
#
# Usage: scripts/compare-outputs.sh BUILD_DIR OUT_DIR
#   BUILD_DIR  a build folder of any commit (its app/hpx and app/hpx-board-sim are used)
#   OUT_DIR    created; one file per command: its stdout, stderr and exit code, and the files it wrote
#
# The inputs are this checkout's tests/data, whatever commit BUILD_DIR was built from, so both sides read the same
# bytes. Every command runs in the same scratch folder (/tmp/hpx-compare-outputs), so the paths a bundle records are
# the same for both builds. Normalised is only what differs between two runs of one build, or between two build
# folders: run_id, timestamp, *_duration_s and *_latency_s in the JSON files, the SHA-256 and size the manifest records
# for the files holding them, the progress lines ("[0.3 s] plan": how many a run prints depends on its speed), the
# seconds in the timing window's line and the build folder in a program's path ("Usage: BUILD/app/hpx-board-sim").
set -euo pipefail
[ $# -eq 2 ] || { sed -n '5,7p' "$0" >&2; exit 2; }
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="$(cd "$1" && pwd)"
OUT="$(mkdir -p "$2" && cd "$2" && pwd)"
HPX="$BUILD/app/hpx"
SIM="$BUILD/app/hpx-board-sim"
DATA="$ROOT/tests/data"
SCRATCH=/tmp/hpx-compare-outputs
[ -x "$HPX" ] || { echo "compare-outputs: no $HPX" >&2; exit 2; }

NORMALISE=(sed -E -i
    -e "s|$BUILD/|<build>/|g"
    -e 's/("run_id": )"[^"]*"/\1"<clock>"/' \
    -e 's/("timestamp": )"[^"]*"/\1"<clock>"/' \
    -e 's/("[a-z_]*_(duration|latency)_s": )[-0-9.e+]+/\1"<clock>"/' \
    -e '/^\[[0-9]+\.[0-9] s\] /d' \
    -e 's/about [0-9.]+ s/about <clock> s/g')

# normalise_manifest FILE: the hashes and sizes the manifest records for files whose clock fields were normalised
# become <clock>; every other file's hash stays and is compared.
normalise_manifest() {
  local dir clocked
  dir="$(dirname "$1")"
  clocked="$(cd "$dir" && grep -rl '<clock>' . | sed 's|^\./||' | tr '\n' ' ')"
  awk -v clocked=" $clocked " '
       /"path": "/ { p = $0; sub(/.*"path": "/, "", p); sub(/".*/, "", p); clock = index(clocked, " " p " ") > 0 }
       /^    [}]/ { clock = 0 }
       clock && /"(sha256|size_bytes)":/ { sub(/: .*[^,]/, ": \"<clock>\"") }
       { print }' "$1" >"$1.tmp" && mv "$1.tmp" "$1"
}

# run NAME COMMAND...: runs COMMAND in the scratch folder; keeps its stdout, stderr, exit code and any files it wrote.
run() {
  local name="$1"; shift
  rm -rf "$SCRATCH" && mkdir -p "$SCRATCH"
  local rc=0
  (cd "$SCRATCH" && "$@" >"$OUT/$name.stdout" 2>"$OUT/$name.stderr") || rc=$?
  echo "$rc" >"$OUT/$name.rc"
  if [ -n "$(ls -A "$SCRATCH")" ]; then
    mkdir -p "$OUT/$name.files" && cp -r "$SCRATCH"/. "$OUT/$name.files/"
  fi
}

# keep NAME: a bundle the next commands read, copied to the scratch folder's sibling so it survives the next run.
keep() { rm -rf "$SCRATCH-$1" && cp -r "$SCRATCH/b" "$SCRATCH-$1"; }

# Every command's help and the usage errors.
run help "$HPX" --help
for c in profile import show compare model-info power config ports; do run "help-$c" "$HPX" "$c" --help; done
run unknown-command "$HPX" frobnicate
run no-model "$HPX" profile --port sim
run config-default "$HPX" config --print-default
run config-resolved "$HPX" config
[ -x "$SIM" ] && run board-sim-help "$SIM" --help

# model-info: every model the tests have, as a table, as JSON and its memory plan for each kernel set.
models=("$DATA"/models/*.tflite "$DATA"/arena/*.tflite "$DATA"/controlflow/*.tflite)
run kernel-sets "$HPX" model-info --kernel-sets
kernel_sets=$(cat "$OUT/kernel-sets.stdout")
for m in "${models[@]}"; do
  n=$(basename "$m" .tflite)
  run "info-$n" "$HPX" model-info "$m"
  run "info-$n-json" "$HPX" model-info --json "$m"
  for k in $kernel_sets; do run "memory-$n-$k" "$HPX" model-info --memory --json --kernels "$k" "$m"; done
  run "memory-$n" "$HPX" model-info --memory "$m"
  run "placement-$n" "$HPX" model-info --placement "$m"
done
run info-missing "$HPX" model-info "$DATA/models/no_such_model.tflite"

# profile on the simulated board: several counter selections and output forms, the plan, then show and compare.
kws="$DATA/models/kws_ref_model.tflite"
run profile-plan "$HPX" profile "$kws" --port sim --plan --pmu-counters cpu:all --pmu-counters memory:all
run profile-kws "$HPX" profile "$kws" --port sim --output-dir b
keep kws
run profile-kws-all "$HPX" profile "$kws" --port sim --output-dir b --detailed --output-format json \
  --pmu-counters cpu:all --pmu-counters memory:all --pmu-counters mve:all --aggregation mean --iterations 3
keep kws-all
for m in person_detect multi_subgraphs_while hello_world_int8 mww_okay_nabu_v2; do
  run "profile-$m" "$HPX" profile "$DATA/models/$m.tflite" --port sim --output-dir b --detailed \
    --pmu-counters cpu:all --pmu-counters memory:all
  keep "$m"
done
run profile-loops "$HPX" profile "$DATA/controlflow/controlflow_loops.tflite" --port sim --output-dir b
keep loops
for b in kws kws-all person_detect multi_subgraphs_while hello_world_int8 mww_okay_nabu_v2 loops; do
  run "show-$b" "$HPX" show "$SCRATCH-$b"
  run "show-$b-json" "$HPX" show --json --top 10 "$SCRATCH-$b"
done
run compare-kws "$HPX" compare "$SCRATCH-kws" "$SCRATCH-kws-all" --output-dir c
run compare-same "$HPX" compare "$SCRATCH-person_detect" "$SCRATCH-person_detect"
run compare-models "$HPX" compare "$SCRATCH-kws" "$SCRATCH-person_detect"
run compare-models-allowed "$HPX" compare --allow-model-change "$SCRATCH-kws" "$SCRATCH-person_detect" --output-dir c

# import: the wire streams the tests keep, with and without the model.
for s in "$DATA"/cli/*.log; do
  n=$(basename "$s" .log)
  run "import-$n" "$HPX" import "$s" --output-dir b
  run "import-$n-model" "$HPX" import "$s" "$kws" --output-dir b --detailed
done

# power: a Joulescope recording added to a bundle (the bundle is copied first: power rewrites it).
run power-hello "sh" -c "cp -r '$SCRATCH-hello_world_int8' b && '$HPX' power b '$DATA/fuzz/powerjls/simulated_hello_world.jls'"
run power-truncated "sh" -c "cp -r '$SCRATCH-hello_world_int8' b && '$HPX' power b '$DATA/fuzz/powerjls/truncated.jls'"

rm -rf "$SCRATCH" "$SCRATCH"-*
find "$OUT" -type f \( -name '*.json' -o -name '*.stderr' -o -name '*.stdout' \) -print0 | xargs -0 -r "${NORMALISE[@]}"
find "$OUT" -type f -name result_manifest.json -print0 | while IFS= read -r -d '' f; do normalise_manifest "$f"; done
echo "compare-outputs: $(find "$OUT" -type f | wc -l) files in $OUT" >&2
