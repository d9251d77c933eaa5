#!/usr/bin/env bash
# Shared by run.sh and test.sh: install what a fresh Debian 12 machine lacks, then configure and build.
# Usage: source scripts/setup.sh; hpx_install_packages; hpx_build BUILD_DIR [cmake args...] [-- TARGET...]
set -euo pipefail

HPX_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
HPX_PACKAGES=(cmake g++ make pkg-config ccache git
  qt6-base-dev qt6-serialport-dev qt6-charts-dev libqt6opengl6-dev qt6-svg-dev
  qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools qt6-translations-l10n
  libqcustomplot-dev libqcustomplot2.1-qt6 libflatbuffers-dev flatbuffers-compiler flatbuffers-compiler-dev
  libyaml-cpp-dev nettle-dev libgraphviz-dev libbenchmark-dev googletest
  ninja-build socat desktop-file-utils appstream dpkg-dev file clang-format clang libfuzzer-14-dev
  gcc-arm-none-eabi libnewlib-arm-none-eabi libstdc++-arm-none-eabi-newlib libgemmlowp-dev qemu-system-arm)

hpx_install_packages() {
  if ! command -v dpkg-query >/dev/null 2>&1; then
    echo "hpx: this is not a Debian system; install the equivalents of: ${HPX_PACKAGES[*]}" >&2
    return 0
  fi
  # One dpkg-query for all packages: a call per package cost ~0.6 s on every ./run.sh.
  local missing=() installed
  installed=" $(dpkg-query -W -f='${Package}:${Status} ' "${HPX_PACKAGES[@]}" 2>/dev/null || true) "
  for p in "${HPX_PACKAGES[@]}"; do
    [[ "$installed" == *" $p:install ok installed "* ]] || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "hpx: installing missing packages: ${missing[*]}" >&2
  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null 2>&1 || { echo "hpx: need root or sudo to install: ${missing[*]}" >&2; return 1; }
    sudo="sudo"
  fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
}

# hpx_build BUILD_DIR [cmake args...] [-- TARGET...]
# Configures only when BUILD_DIR has no cache or was configured with other arguments (a changed CMakeLists.txt is
# noticed by the build step itself), then builds the TARGETs, or everything when none are named. A new build
# folder uses Ninja, whose no-op build takes milliseconds; an existing one keeps the generator it was made with.
hpx_build() {
  local dir="$1"; shift
  local args=() targets=()
  while [ $# -gt 0 ] && [ "$1" != "--" ]; do args+=("$1"); shift; done
  [ $# -gt 0 ] && shift && targets=("$@")
  export CCACHE_BASEDIR="$HPX_ROOT" CCACHE_NOHASHDIR=1
  local stamp="$dir/.hpx-configure-args" wanted
  wanted="$(printf '%s\n' "$HPX_ROOT" "${args[@]}")"
  if [ ! -f "$dir/CMakeCache.txt" ] || [ "$(cat "$stamp" 2>/dev/null)" != "$wanted" ]; then
    local generator=()
    [ -f "$dir/CMakeCache.txt" ] || ! command -v ninja >/dev/null 2>&1 || generator=(-G Ninja)
    cmake -S "$HPX_ROOT" -B "$dir" "${generator[@]}" "${args[@]}" >&2
    printf '%s\n' "$wanted" >"$stamp"
  fi
  local build=(cmake --build "$dir" -j"$(nproc)")
  [ ${#targets[@]} -gt 0 ] && build+=(--target "${targets[@]}")
  "${build[@]}" >&2
}

# hpx_build_kernel_sets BUILD_DIR
# The virtual board's TFLM libraries (one per kernel set, kept in HPX_TFLM_CACHE), built one after the other with
# every core, when BUILD_DIR was configured with TFLM's trees and the Arm toolchain and QEMU are installed; otherwise
# nothing (the virtual-board tests then skip and say what is missing). ./test.sh runs this before ctest: left to the
# tests, the first virtual-board tests of `ctest -j` would build two libraries at once, each with every core, while
# the other virtual-board tests wait on their locks. A failed build stops here, with its log's end.
hpx_build_kernel_sets() {
  local dir="$1" var value kernels
  [ -f "$dir/CMakeCache.txt" ] && [ -x "$dir/app/hpx" ] || return 0
  command -v arm-none-eabi-gcc >/dev/null 2>&1 && command -v qemu-system-arm >/dev/null 2>&1 || return 0
  ( # the trees and the cache this build was configured with, as the tests get them (tests/firmware/CMakeLists.txt)
    for var in HPX_TFLM_DIR HPX_FLATBUFFERS_DIR HPX_CMSIS_NN_DIR HPX_RUY_DIR HPX_GEMMLOWP_DIR HPX_TFLM_CACHE; do
      value="$(sed -n "s/^$var:PATH=//p" "$dir/CMakeCache.txt")"
      [ -z "$value" ] || export "$var=$value"
    done
    [ -f "${HPX_TFLM_DIR:-}/tensorflow/lite/micro/micro_interpreter.h" ] || exit 0
    for kernels in $("$dir/app/hpx" model-info --kernel-sets); do
      HPX_BIN="$dir/app/hpx" "$HPX_ROOT/scripts/qemu-board.sh" --kernels "$kernels" --build-only >/dev/null ||
        { echo "hpx: the $kernels kernel set could not be built" >&2; exit 1; }
    done
  )
}
