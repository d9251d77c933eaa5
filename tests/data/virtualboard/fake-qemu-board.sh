#!/usr/bin/env bash
# A stand-in for scripts/qemu-board.sh in tests (tests/run/tst_virtualboardrun.cpp): the same arguments and the same
# lines out, no TFLM and no QEMU. Its "build" prints make-like percentages slowly, holds the build's lock through a
# child (as make's jobs hold the real one's descriptor) and has a child and a grandchild "compiling"; its "board"
# prints $HPX_FAKE_BOARD_URL (the test's TCP server) and keeps a stand-in QEMU running. Unlike the real script it
# has no trap at all, so only hpx ending the whole process group ends its children. Every process of it has
# $HPX_FAKE_BOARD_MARKER in its command line, for pgrep.
#   HPX_FAKE_BOARD_DIR   where it keeps "built" and the lock
#   HPX_FAKE_BOARD_STEP  seconds between percentages (default 0.2)
set -eu
marker="${HPX_FAKE_BOARD_MARKER:?}"
dir="${HPX_FAKE_BOARD_DIR:?}"
step="${HPX_FAKE_BOARD_STEP:-0.2}"
build_only=0
for a in "$@"; do
  [ "$a" = --build-only ] && build_only=1
done
if [ "$build_only" -eq 1 ]; then
  if [ ! -f "$dir/built" ]; then
    # The lock first, as the real script: a build left running by an earlier run would hold it, and then no
    # percentage would come.
    flock -w 30 "$dir/lock" bash -c 'exec -a "$0-lock" sleep 600' "$marker" &
    sleep 0.2
    echo "qemu-board: building TensorFlow Lite Micro with the cmsis-nn kernels for the Cortex-M55 (once; several CPU-minutes) in $dir" >&2
    bash -c '(exec -a "$0-cc1plus" sleep 600) & exec -a "$0-make" sleep 600' "$marker" &
    for p in 5 10 15 20 25 30 35 40 45 50 55 60 65 70 75 80 85 90 95 100; do
      echo "qemu-board: building TFLM (cmsis-nn): $p %" >&2
      sleep "$step"
    done
    pkill -f -- "$marker-" || true
    touch "$dir/built"
  fi
  echo "qemu-board: linking the firmware for model (cmsis-nn)" >&2
  echo "$dir/hpx-qemu-an547.elf"
  exit 0
fi
echo "qemu-board: QEMU emulator version 7.2.0 (a stand-in), TFLM cmsis-nn kernels, model model.tflite" >&2
bash -c 'exec -a "$0-qemu" sleep 600' "$marker" &
echo "${HPX_FAKE_BOARD_URL:?}"
wait
