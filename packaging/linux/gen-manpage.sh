#!/usr/bin/env bash
# Writes hpx.1 from the built binary's own --help texts, so the man page can never drift from the tool.
# Usage: gen-manpage.sh HPX_BINARY OUTPUT VERSION
set -euo pipefail
hpx="$1"; out="$2"; version="$3"
esc() { sed -e 's/\\/\\e/g' -e 's/^\./\\\&./' -e "s/^'/\\\\\\&'/" -e 's/^-/\\-/'; }
{
  echo ".TH HPX 1 \"$(date -u +%Y-%m-%d)\" \"hpx $version\" \"User Commands\""
  echo ".SH NAME"
  echo "hpx \\- profile TensorFlow Lite models on microcontroller boards"
  echo ".SH SYNOPSIS"
  echo ".B hpx"
  echo ".I command"
  echo "[\\fIoptions\\fR]"
  echo ".SH DESCRIPTION"
  echo "The command line tool of hpx Studio. It speaks heliaPROFILER's wire protocol v1 with boards on a"
  echo "serial port, a TCP bridge or the built-in simulated board, merges PMU passes into per-layer results"
  echo "and writes heliaPROFILER-compatible result bundles with Model Explorer overlays."
  echo ".PP"
  echo ".nf"
  QT_QPA_PLATFORM=offscreen "$hpx" --help 2>&1 | esc
  echo ".fi"
  echo ".SH COMMANDS"
  for cmd in $(QT_QPA_PLATFORM=offscreen "$hpx" --help 2>&1 | awk '/^Commands:/{f=1;next} /^$/{f=0} f && NF {print $1}'); do
    echo ".SS hpx $cmd"
    echo ".nf"
    QT_QPA_PLATFORM=offscreen "$hpx" "$cmd" --help 2>&1 | esc
    echo ".fi"
  done
  echo ".SH EXIT STATUS"
  echo ".TP"; echo "0"; echo "Success."
  echo ".TP"; echo "2"; echo "Bad input: model, configuration or arguments."
  echo ".TP"; echo "3"; echo "Board or link error."
  echo ".TP"; echo "4"; echo "Interrupted; partial results were kept."
  echo ".SH FILES"
  echo ".TP"; echo ".I hpx.yml"; echo "Profile configuration read with \\fB\\-\\-config\\fR; see \\fBhpx config \\-\\-print\\-default\\fR."
  echo ".SH SEE ALSO"
  echo ".BR hpx-studio (1),"
  echo ".BR hpx-board-sim (1)"
  echo ".PP"
  echo "The documentation in /usr/share/doc/hpx-studio."
} > "$out"
