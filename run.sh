#!/usr/bin/env bash
# Installs what is missing and builds, then starts hpx Studio on the simulated board with an example model.
# ./run.sh ARGS... runs the command line tool instead: ./run.sh profile model.tflite --port sim
set -euo pipefail
cd "$(dirname "$0")"
source scripts/setup.sh
hpx_install_packages
# Only the program that runs is built: on a built tree this takes milliseconds (./test.sh builds everything).
if [ $# -gt 0 ]; then
  hpx_build build -DCMAKE_BUILD_TYPE=Release -- hpx
  exec ./build/app/hpx "$@"
fi
hpx_build build -DCMAKE_BUILD_TYPE=Release -- hpx-studio
exec ./build/app/hpx-studio
