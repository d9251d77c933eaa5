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
# Usage: scripts/qemu-board.sh [MODEL] [--kernels cmsis-nn|reference] [--build-only]
#        (default model: resources/examples/kws_ref_model.tflite; default kernels: cmsis-nn)
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
kernels="cmsis-nn"
build_only=0
while [ $# -gt 0 ]; do
  case "$1" in
  --kernels) kernels="${2:-}"; shift 2 ;;
  --kernels=*) kernels="${1#--kernels=}"; shift ;;
  --build-only) build_only=1; shift ;;
  -h | --help) sed -n '2,22p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
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

case "$kernels" in
reference | cmsis-nn) ;;
*) die "unknown kernel set '$kernels' (choose cmsis-nn or reference)" ;;
esac
[ -f "$model" ] || die "no such model: $model"
need() { # tool, Debian package
  command -v "$1" >/dev/null 2>&1 || die "$1 is missing: install the Debian package $2 (or run: source scripts/setup.sh && hpx_install_packages)"
}
need qemu-system-arm qemu-system-arm
need arm-none-eabi-gcc gcc-arm-none-eabi
need make make
need cmake cmake
[ -x "$hpx_bin" ] || die "no hpx binary at $hpx_bin (build it: cmake --build build --target hpx, or set HPX_BIN)"

if [ "$kit" -eq 1 ]; then
  lib="$root/prebuilt/$kernels"
  [ -f "$lib/flags.mk" ] || die "this installation has no prebuilt $kernels kernels (it has: $(ls "$root/prebuilt" | tr '\n' ' '))"
  need arm-none-eabi-g++ gcc-arm-none-eabi
  key="kit-$kernels"
else
# The kernel set's TFLM library: built once per (trees' versions, compiler, flags) and reused for every model.
# tflm_key.cmake also says clearly which tree, package or setting is missing.
key_line="$(cmake -DKERNELS="$kernels" -P "$example/tflm_key.cmake" 2>&1)" ||
  die "$(printf '%s\n' "$key_line" | sed -e '/^CMake Error/d' -e 's/^  //')"
key="$(printf '%s\n' "$key_line" | sed -n 's/^KEY=//p')"
[ -n "$key" ] || die "could not compute the TFLM build key: $key_line"
lib="$cache_root/$key"
mkdir -p "$lib"
jobs="$(nproc 2>/dev/null || echo 2)"
(
  # One build at a time per kernel set, even when several boards start together (ctest -j).
  flock 9
  if [ ! -f "$lib/.built" ]; then
    say "building TensorFlow Lite Micro with the $kernels kernels for the Cortex-M55 (once; several CPU-minutes) in $lib"
  fi
  if [ ! -f "$lib/CMakeCache.txt" ]; then
    cmake -S "$example" -B "$lib" -DCMAKE_TOOLCHAIN_FILE="$example/arm-none-eabi.cmake" -DHPX_KERNELS="$kernels" \
      >"$lib/configure.log" 2>&1 || { cat "$lib/configure.log" >&2; exit 1; }
  fi
  # Progress: make's percentage, every 5 %, on stderr as it comes.
  set +e
  cmake --build "$lib" -j"$jobs" 2>&1 | tee "$lib/build.log" | grep --line-buffered -o '^\[ *[0-9]*%\]' |
    awk -v k="$kernels" '{ gsub(/[^0-9]/, ""); p = $0 + 0; if (p >= last + 5 || (p == 100 && last != 100)) {
      printf "qemu-board: building TFLM (%s): %d %%\n", k, p; fflush(); last = p } }' >&2
  status="${PIPESTATUS[0]}"
  set -e
  [ "$status" -eq 0 ] || { tail -40 "$lib/build.log" >&2; exit 1; }
  touch "$lib/.built"
) 9>"$lib/.lock" || die "the TFLM library build failed (see $lib/build.log)"
fi

# Per model: only the model object, its op resolver and the link. One folder per model file and kernel build, so
# boards for different models and kernel sets can run side by side.
model_abs="$(cd "$(dirname "$model")" && pwd)/$(basename "$model")"
mkey="$(printf '%s' "$model_abs" | cksum | cut -d' ' -f1)"
dir="$build_root/qemu-an547/$(basename "$model" .tflite)-$mkey-$key-i${iterations}w${warmup}"
mkdir -p "$dir"

# The operators of every subgraph come from the model, at build time.
"$hpx_bin" model-info "$model" --json >"$dir/model.json.new" || die "hpx model-info failed for $model"
if cmp -s "$dir/model.json.new" "$dir/model.json"; then
  rm -f "$dir/model.json.new"
else
  mv "$dir/model.json.new" "$dir/model.json"
fi
say "linking the firmware for $(basename "$model") ($kernels)"
make -s -C "$example" LIB="$lib" HPX_KIT="$root" BUILD="$dir" MODEL="$model_abs" MODEL_JSON="$dir/model.json" \
  ITERATIONS="$iterations" WARMUP="$warmup" >"$dir/build.log" 2>&1 || {
  cat "$dir/build.log" >&2
  die "the firmware build failed"
}
[ "$build_only" -eq 1 ] && { echo "$dir/hpx-qemu-an547.elf"; exit 0; }

port_in_use() {
  (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

qemu_pid=""
cleanup() {
  [ -n "$qemu_pid" ] && kill "$qemu_pid" 2>/dev/null && wait "$qemu_pid" 2>/dev/null
  return 0
}
trap cleanup EXIT
trap 'exit 0' INT TERM

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
