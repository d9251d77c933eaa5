#!/usr/bin/env bash
# An emulated Cortex-M55 board for hpx Studio: builds the example firmware (firmware/examples/qemu-an547) for MODEL
# if needed, starts it on QEMU's mps3-an547 machine with its UART on a free TCP port, prints
#   tcp://127.0.0.1:PORT
# as the first line of stdout and runs until killed. Profile it with
#   hpx profile MODEL --port tcp://127.0.0.1:PORT --pmu-counters cpu:default
# or pick tcp://127.0.0.1:PORT in the window's Board dock. Each connection that sends a byte (hpx sends an LF when it
# opens the link) gets one fresh session, so the board can be profiled again without restarting it.
#
# Usage: scripts/qemu-board.sh [MODEL]      (default: resources/examples/kws_ref_model.tflite)
# Environment: HPX_BIN (hpx binary for model-info; default build/app/hpx), HPX_FW_BUILD (build directory; default
# build/firmware), HPX_QEMU_ITERATIONS / HPX_QEMU_WARMUP (the firmware's built-in values when no plan comes).
# Needs gcc-arm-none-eabi, libnewlib-arm-none-eabi and qemu-system-arm (scripts/setup.sh installs them).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
model="${1:-$root/resources/examples/kws_ref_model.tflite}"
hpx_bin="${HPX_BIN:-$root/build/app/hpx}"
build_root="${HPX_FW_BUILD:-$root/build/firmware}"
iterations="${HPX_QEMU_ITERATIONS:-3}"
warmup="${HPX_QEMU_WARMUP:-1}"

die() {
  echo "qemu-board: $*" >&2
  exit 1
}

[ -f "$model" ] || die "no such model: $model"
for tool in qemu-system-arm arm-none-eabi-gcc make cmake; do
  command -v "$tool" >/dev/null 2>&1 || die "$tool is missing (run: source scripts/setup.sh && hpx_install_packages)"
done
[ -x "$hpx_bin" ] || die "no hpx binary at $hpx_bin (build it: cmake --build build --target hpx, or set HPX_BIN)"

# One build directory per model file, so boards for different models can run side by side.
model_abs="$(cd "$(dirname "$model")" && pwd)/$(basename "$model")"
key="$(printf '%s' "$model_abs" | cksum | cut -d' ' -f1)"
dir="$build_root/qemu-an547/$(basename "$model" .tflite)-$key-i${iterations}w${warmup}"
mkdir -p "$dir"

# The operator sequence comes from the model, at build time.
"$hpx_bin" model-info "$model" --json >"$dir/model.json.new" || die "hpx model-info failed for $model"
if cmp -s "$dir/model.json.new" "$dir/model.json"; then
  rm -f "$dir/model.json.new"
else
  mv "$dir/model.json.new" "$dir/model.json"
fi
make -s -C "$root/firmware/examples/qemu-an547" BUILD="$dir" MODEL_JSON="$dir/model.json" \
  ITERATIONS="$iterations" WARMUP="$warmup" >"$dir/build.log" 2>&1 || {
  cat "$dir/build.log" >&2
  die "the firmware build failed"
}

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
# instruction per 32 ns, about one 32 MHz cycle), so the counts do not depend on the host's load.
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
