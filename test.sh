#!/usr/bin/env bash
# Installs what is missing, builds and runs every test. ./test.sh --sanitize does the same with ASan + UBSan;
# ./test.sh --sanitize core leaves out the window (ui/ and its tests), as CI does to stay within its time (.ci/run).
set -euo pipefail
cd "$(dirname "$0")"
source scripts/setup.sh
hpx_install_packages

build=build
args=(-DCMAKE_BUILD_TYPE=Release)
if [ "${1:-}" = "--sanitize" ]; then
  build=build-sanitize
  args=(-DCMAKE_BUILD_TYPE=Debug -DHPX_SANITIZE=ON -DHPX_BUILD_BENCH=OFF "-DCMAKE_CXX_FLAGS_DEBUG=-O1 -g1")
  if [ "${2:-}" = "core" ]; then
    build=build-sanitize-core
    args+=(-DHPX_BUILD_GUI=OFF)
  fi
  export ASAN_OPTIONS="detect_leaks=0:abort_on_error=1" UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
fi
hpx_build "$build" "${args[@]}"
hpx_build_kernel_sets "$build"
export QT_QPA_PLATFORM=offscreen
ctest --test-dir "$build" --output-on-failure -j"$(nproc)"
