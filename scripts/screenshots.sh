#!/usr/bin/env bash
# Renders the README's screenshots into docs/images/ (model open, run in progress, results) from the
# real main window, and the heat graph at model scale (bench/ui/ui_screenshots), offscreen, with fresh
# settings so nothing of the user's leaks in.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
cmake --build "$build" --target hpx-screenshots ui_screenshots -j"$(nproc)" >/dev/null
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p docs/images
XDG_CONFIG_HOME="$tmp/config" XDG_DATA_HOME="$tmp/data" QT_QPA_PLATFORM=offscreen \
  "$build/app/hpx-screenshots" docs/images
# The heat graph at model scale: 138 and 1,000 operators, before and after a run.
QT_QPA_PLATFORM=offscreen "$build/bench/ui/ui_screenshots" docs/images --heatgraph
