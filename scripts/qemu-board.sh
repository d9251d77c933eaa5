#!/usr/bin/env bash
# The virtual board: TensorFlow Lite Micro running MODEL on QEMU's mps3-an547 (Cortex-M55 with MVE), profiled by hpx
# agent (docs/virtual-board.md). Builds what is missing, starts QEMU with its UART on a free TCP port, prints
#   tcp://127.0.0.1:PORT
# as the first line of stdout and runs until killed. Progress goes to stderr. Profile it with
#   hpx profile MODEL --port tcp://127.0.0.1:PORT --pmu-counters cpu:default
# or pick tcp://127.0.0.1:PORT in the window's Board dock (`hpx profile MODEL --port qemu` does all of this itself).
# Each connection that sends a byte (hpx sends an LF when it opens the link) gets one fresh session, so the board can
# be profiled again without restarting it.
#
# Usage: scripts/qemu-board.sh [MODEL] [--kernels cmsis-nn|reference] [--input FILE] [--arena-location L]
#        [--weights-location L] [--arena-size BYTES] [--build-only]
#        (default model: resources/examples/kws_ref_model.tflite; kernels: `hpx model-info --kernel-sets`, the first
#        is the default; --input: every input tensor's bytes in input order, linked into the firmware, as hpx
#        profile --input/--input-seed writes them after checking them; default: the board's fixed input; the arena
#        and the weights go to the fastest memory that fits, the arena first, unless a location pins them: tcm, sram,
#        mram (weights only) or psram, as `hpx model-info --placement` says; the arena is the model's estimate and a
#        margin unless --arena-size gives it)
# Environment: HPX_BIN (hpx binary for model-info; default build/app/hpx), HPX_FW_BUILD (per-model firmware; default
# build/firmware), HPX_TFLM_CACHE (the kernel sets' TFLM libraries, built once; default build-tflm),
# HPX_TFLM_DIR, HPX_FLATBUFFERS_DIR, HPX_CMSIS_NN_DIR, HPX_RUY_DIR, HPX_GEMMLOWP_DIR (the source trees; default
# ../shared/third_party/<tree> next to the repository, and Debian's gemmlowp), HPX_QEMU_ITERATIONS /
# HPX_QEMU_WARMUP (the firmware's built-in values when no plan comes).
# Installed with hpx Studio (/usr/lib/hpx-studio/virtual-board), the script uses the package's prebuilt kernel sets
# and headers instead of the source trees, and keeps the per-model firmware under ~/.cache/hpx-studio/virtual-board.
# Needs gcc-arm-none-eabi, libnewlib-arm-none-eabi, libstdc++-arm-none-eabi-newlib, libgemmlowp-dev and
# qemu-system-arm (scripts/setup.sh installs them).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
example="$root/firmware/examples/qemu-an547"
model=""
kernels=""
build_only=0
input=""
placement_args=()
while [ $# -gt 0 ]; do
  case "$1" in
  --kernels) kernels="${2:-}"; shift 2 ;;
  --kernels=*) kernels="${1#--kernels=}"; shift ;;
  --input) input="${2:-}"; shift 2 ;;
  --input=*) input="${1#--input=}"; shift ;;
  --arena-location | --weights-location | --arena-size) placement_args+=("$1" "${2:-}"); shift 2 ;;
  --arena-location=* | --weights-location=* | --arena-size=*) placement_args+=("${1%%=*}" "${1#*=}"); shift ;;
  --build-only) build_only=1; shift ;;
  -h | --help) sed -n '2,27p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
  -*) echo "qemu-board: unknown option $1" >&2; exit 2 ;;
  *) model="$1"; shift ;;
  esac
done
model="${model:-$root/resources/examples/kws_ref_model.tflite}"
# An installed hpx Studio's kit (packaging/virtualboard-kit.cmake) has each kernel set's libraries prebuilt in
# prebuilt/<kernels> and the headers a model's resolver needs: no source tree, no library build.
kit=0
[ -d "$root/prebuilt" ] && kit=1
hpx_bin="${HPX_BIN:-$root/build/app/hpx}"
[ -x "$hpx_bin" ] || [ -n "${HPX_BIN:-}" ] || hpx_bin="$(command -v hpx || echo "$hpx_bin")"
if [ "$kit" -eq 1 ] && [ -z "${HPX_FW_BUILD:-}" ]; then
  build_root="${XDG_CACHE_HOME:-$HOME/.cache}/hpx-studio/virtual-board"
else
  build_root="${HPX_FW_BUILD:-$root/build/firmware}"
fi
cache_root="${HPX_TFLM_CACHE:-$root/build-tflm}"
iterations="${HPX_QEMU_ITERATIONS:-3}"
warmup="${HPX_QEMU_WARMUP:-1}"

die() {
  echo "qemu-board: $*" >&2
  exit 1
}
say() {
  echo "qemu-board: $*" >&2
}

# Ending: everything this script started ends with it (docs/virtual-board.md). hpx starts it as the leader of a
# process group of its own, with SIGTERM when hpx dies (even by kill -9): the trap then ends the whole group, so no
# build, compiler or QEMU outlives it, and removes a TFLM library whose build did not finish so that the next one
# starts clean (the compiler cache makes that quick). Every long step runs in the background and is waited for, so
# the trap runs at once rather than after the step. Started otherwise (from a shell without job control), it ends
# only its own children.
building=""
qemu_pid=""
own_group() {
  [ "$(sed 's/.*) //' "/proc/$$/stat" | cut -d' ' -f3)" = "$$" ]
}
on_signal() {
  trap '' TERM INT HUP
  if own_group; then
    kill -TERM 0 2>/dev/null || true
  else
    kill -TERM $(jobs -p) 2>/dev/null || true
  fi
  wait 2>/dev/null || true
  # The unfinished library, all but its lock (a builder waiting for it holds that very file).
  [ -z "$building" ] || find "$building" -mindepth 1 -maxdepth 1 ! -name .lock -exec rm -rf {} + 2>/dev/null || true
  exit 143
}
trap on_signal TERM INT HUP
# The step in the background, waited for: its status is the function's.
run() {
  "$@" &
  local status=0
  wait $! || status=$?
  return "$status"
}

[ -x "$hpx_bin" ] || die "no hpx binary at $hpx_bin (build it: cmake --build build --target hpx, or set HPX_BIN)"
# The kernel sets and their default: hpx's one table of them (model/board/kernelset.h), not a copy here.
kernel_sets="$("$hpx_bin" model-info --kernel-sets | tr '\n' ' ')" || die "$hpx_bin cannot list the kernel sets"
kernels="${kernels:-${kernel_sets%% *}}"
case " $kernel_sets" in
*" $kernels "*) ;;
*) die "unknown kernel set '$kernels' (choose one of: $kernel_sets)" ;;
esac
[ -f "$model" ] || die "no such model: $model"
[ -z "$input" ] || [ -f "$input" ] || die "no such input file: $input"
need() { # tool, Debian package
  command -v "$1" >/dev/null 2>&1 || die "$1 is missing: install the Debian package $2 (or run: source scripts/setup.sh && hpx_install_packages)"
}
# Where the arena and the weights go, and the arena's size (the model's estimate and a margin): decided before
# anything is built, so a model that fits nowhere fails here, naming the bytes it needs and the largest region.
placement="$("$hpx_bin" model-info "$model" --placement --kernels "$kernels" ${placement_args[@]+"${placement_args[@]}"} 2>&1)" ||
  die "$(printf '%s' "$placement" | sed 's/^hpx: //')"
placement_vars=()
while IFS= read -r line; do
  case "$line" in
  ARENA_REGION=* | ARENA_SIZE=* | WEIGHTS_REGION=*) placement_vars+=("$line") ;;
  esac
done <<<"$placement"
[ "${#placement_vars[@]}" -eq 3 ] || die "hpx model-info --placement said no placement: $placement"
need qemu-system-arm qemu-system-arm
need arm-none-eabi-gcc gcc-arm-none-eabi
need make make
need cmake cmake

if [ "$kit" -eq 1 ]; then
  lib="$root/prebuilt/$kernels"
  [ -f "$lib/flags.mk" ] || die "this installation has no prebuilt $kernels kernels (it has: $(ls "$root/prebuilt" | tr '\n' ' '))"
  need arm-none-eabi-g++ gcc-arm-none-eabi
  key="kit-$kernels"
else
# The kernel set's TFLM library: built once per (trees' versions, compiler, flags) and reused for every model.
# tflm_key.cmake also says clearly which tree, package or setting is missing.
key_line="$(cmake -DKERNELS="$kernels" -DKERNEL_SETS="${kernel_sets% }" -P "$example/tflm_key.cmake" 2>&1)" ||
  die "$(printf '%s\n' "$key_line" | sed -e '/^CMake Error/d' -e 's/^  //')"
key="$(printf '%s\n' "$key_line" | sed -n 's/^KEY=//p')"
[ -n "$key" ] || die "could not compute the TFLM build key: $key_line"
lib="$cache_root/$key"
jobs="$(nproc 2>/dev/null || echo 2)"
# Progress: every new percentage of make's "[ 45%]" lines on stderr the moment it comes, the whole output in
# build.log. No pipe through a buffering filter (mawk holds its input back): bash reads line by line.
progress() {
  local line last=-1
  exec 3>"$lib/build.log"
  while IFS= read -r line; do
    printf '%s\n' "$line" >&3
    if [[ $line =~ ^\[\ *([0-9]+)%\] ]] && [ "${BASH_REMATCH[1]}" != "$last" ]; then
      last="${BASH_REMATCH[1]}"
      say "building TFLM ($kernels): $last %"
    fi
  done
}
# One build at a time per kernel set, even when several boards start together (ctest -j). The kernel releases the
# lock when the last process holding it ends, however it ends; removing an unfinished build keeps the lock's file.
mkdir -p "$lib"
exec 9>"$lib/.lock"
run flock 9
if [ ! -f "$lib/.built" ]; then
  building="$lib"
  say "building TensorFlow Lite Micro with the $kernels kernels for the Cortex-M55 (once; several CPU-minutes) in $lib"
  if [ ! -f "$lib/CMakeCache.txt" ]; then
    run cmake -S "$example" -B "$lib" -DCMAKE_TOOLCHAIN_FILE="$example/arm-none-eabi.cmake" -DHPX_KERNELS="$kernels" \
      >"$lib/configure.log" 2>&1 || { cat "$lib/configure.log" >&2; die "the TFLM library could not be configured"; }
  fi
  rm -f "$lib/.progress"
  mkfifo "$lib/.progress"
  progress <"$lib/.progress" &
  filter=$!
  status=0
  run cmake --build "$lib" -j"$jobs" >"$lib/.progress" 2>&1 || status=$?
  wait "$filter" || true
  rm -f "$lib/.progress"
  [ "$status" -eq 0 ] || { tail -40 "$lib/build.log" >&2; die "the TFLM library build failed (see $lib/build.log)"; }
  touch "$lib/.built"
  building=""
fi
exec 9>&- # nothing started from here on holds the lock
fi

# Per model: only the model object, its input, its op resolver, the application and the link. One folder per model
# file, kernel build and input, so boards for different models, kernel sets and inputs can run side by side.
model_abs="$(cd "$(dirname "$model")" && pwd)/$(basename "$model")"
mkey="$(printf '%s' "$model_abs" | cksum | cut -d' ' -f1)"
dir="$build_root/qemu-an547/$(basename "$model" .tflite)-$mkey-$key-i${iterations}w${warmup}"
[ -z "$input" ] || dir="$dir-in$(cksum <"$input" | cut -d' ' -f1)"
mkdir -p "$dir"
# The input the firmware links in (input.S), rewritten only when its bytes change, so make relinks only then.
if [ -n "$input" ]; then
  cmp -s "$input" "$dir/input.bin" || cp "$input" "$dir/input.bin"
else
  [ -f "$dir/input.bin" ] && [ ! -s "$dir/input.bin" ] || : >"$dir/input.bin"
fi

# The operators of every subgraph come from the model, at build time.
run "$hpx_bin" model-info "$model" --json >"$dir/model.json.new" || die "hpx model-info failed for $model"
if cmp -s "$dir/model.json.new" "$dir/model.json"; then
  rm -f "$dir/model.json.new"
else
  mv "$dir/model.json.new" "$dir/model.json"
fi
say "linking the firmware for $(basename "$model") ($kernels; ${placement_vars[*]})"
# The application's objects (main.cc, the agent, ...: the Makefile compiles them from this tree) are shared by every
# model of this kernel set under this folder root, so they are compiled once; the lock keeps two boards that start
# together from writing them at once.
app="$build_root/qemu-an547/app-$key"
mkdir -p "$app"
run flock "$app/.lock" make -s -C "$example" LIB="$lib" HPX_KIT="$root" BUILD="$dir" APP="$app" MODEL="$model_abs" \
  MODEL_JSON="$dir/model.json" INPUT="$dir/input.bin" ITERATIONS="$iterations" WARMUP="$warmup" \
  "${placement_vars[@]}" >"$dir/build.log" 2>&1 || {
  cat "$dir/build.log" >&2
  die "the firmware build failed"
}
[ "$build_only" -eq 1 ] && { echo "$dir/hpx-qemu-an547.elf"; exit 0; }

port_in_use() {
  (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

cleanup() {
  [ -n "$qemu_pid" ] && kill "$qemu_pid" 2>/dev/null && wait "$qemu_pid" 2>/dev/null
  return 0
}
trap cleanup EXIT

# -icount: SysTick, the agent's cycle source here, then advances with the instructions executed (shift=5: one
# instruction per 32 ns, one tick of the 32 MHz clock), so the counts are instructions, independent of the host's
# load; they are not the core's cycles.
say "$(qemu-system-arm --version | head -1), TFLM $kernels kernels, model $(basename "$model")"
for attempt in 1 2 3 4 5 6 7 8; do
  port=$((20000 + (RANDOM * 32768 + RANDOM) % 40000))
  port_in_use "$port" && continue
  qemu-system-arm -M mps3-an547 -nographic -monitor none \
    -serial "tcp:127.0.0.1:$port,server=on,wait=off" \
    -icount shift=5,align=off,sleep=off \
    -kernel "$dir/hpx-qemu-an547.elf" >"$dir/qemu.log" 2>&1 &
  qemu_pid=$!
  for _ in $(seq 1 50); do
    kill -0 "$qemu_pid" 2>/dev/null || break
    # Listening (state 0A) on 127.0.0.1:port, without connecting to it.
    if grep -q "0100007F:$(printf '%04X' "$port") 00000000:0000 0A" /proc/net/tcp 2>/dev/null; then
      echo "tcp://127.0.0.1:$port"
      wait "$qemu_pid"
      exit $?
    fi
    sleep 0.1
  done
  kill "$qemu_pid" 2>/dev/null || true
  wait "$qemu_pid" 2>/dev/null || true
  qemu_pid=""
done
cat "$dir/qemu.log" >&2 2>/dev/null || true
die "QEMU did not start listening (see $dir/qemu.log)"
