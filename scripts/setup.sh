#!/usr/bin/env bash
# Shared by run.sh and test.sh: install what a fresh Debian 12 machine lacks, then configure and build.
# Usage: source scripts/setup.sh; hpx_setup [--sanitize]
set -euo pipefail

HPX_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
HPX_PACKAGES=(cmake g++ make pkg-config ccache git
  qt6-base-dev qt6-serialport-dev qt6-charts-dev libqt6opengl6-dev qt6-svg-dev
  qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools qt6-translations-l10n
  libqcustomplot-dev libqcustomplot2.1-qt6 libflatbuffers-dev flatbuffers-compiler flatbuffers-compiler-dev
  libyaml-cpp-dev nettle-dev libgraphviz-dev libbenchmark-dev googletest
  socat desktop-file-utils appstream dpkg-dev file clang-format clang libfuzzer-14-dev
  gcc-arm-none-eabi libnewlib-arm-none-eabi libstdc++-arm-none-eabi-newlib libgemmlowp-dev qemu-system-arm)

hpx_install_packages() {
  local missing=()
  if command -v dpkg-query >/dev/null 2>&1; then
    for p in "${HPX_PACKAGES[@]}"; do
      dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
    done
  else
    echo "hpx: this is not a Debian system; install the equivalents of: ${HPX_PACKAGES[*]}" >&2
    return 0
  fi
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

# hpx_build BUILD_DIR [cmake args...]
hpx_build() {
  local dir="$1"; shift
  export CCACHE_BASEDIR="$HPX_ROOT" CCACHE_NOHASHDIR=1
  cmake -S "$HPX_ROOT" -B "$dir" "$@" >&2
  cmake --build "$dir" -j"$(nproc)" >&2
}
