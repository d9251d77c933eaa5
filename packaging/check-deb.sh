#!/usr/bin/env bash
# Builds the Debian package from ./build (made by ./test.sh), checks its metadata and contents, then runs the
# installed commands from the unpacked tree. Exit non-zero on the first problem.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
fail() { echo "check-deb: $*" >&2; exit 1; }

# The virtual board's kit goes into the package when this tree has TFLM's sources: its kernel sets must be built
# first (the virtual-board tests of ./test.sh build them; this builds what is missing).
tflm_dir=$(sed -n 's/^HPX_TFLM_DIR:PATH=//p' "$build/CMakeCache.txt")
with_kit=0
if [ -n "$tflm_dir" ] && [ -f "$tflm_dir/tensorflow/lite/micro/micro_interpreter.h" ]; then
  with_kit=1
  source scripts/setup.sh
  hpx_build_kernel_sets "$build" || fail "the kernel sets could not be built for the package"
fi

(cd "$build" && cpack -G DEB >/dev/null) || fail "cpack failed"
deb=$(ls -t "$build"/hpx-studio_*.deb | head -1)
[ -f "$deb" ] || fail "no package built"
echo "check-deb: $deb"

depends=$(dpkg-deb -f "$deb" Depends)
for lib in libqt6core6 libqt6widgets6 libqt6serialport6 qt6-qpa-plugins; do
  grep -q "$lib" <<<"$depends" || fail "Depends lacks $lib: $depends"
done

contents=$(dpkg-deb -c "$deb" | awk '{print $6}')
for f in ./usr/bin/hpx ./usr/bin/hpx-studio ./usr/bin/hpx-board-sim \
         ./usr/share/applications/org.hpxstudio.HpxStudio.desktop \
         ./usr/share/metainfo/org.hpxstudio.HpxStudio.metainfo.xml \
         ./usr/share/icons/hicolor/scalable/apps/org.hpxstudio.HpxStudio.svg \
         ./usr/share/icons/hicolor/48x48/apps/org.hpxstudio.HpxStudio.png \
         ./usr/share/icons/hicolor/256x256/apps/org.hpxstudio.HpxStudio.png \
         ./usr/share/man/man1/hpx.1.gz \
         ./usr/share/hpx-studio/examples/hello_world_int8.tflite \
         ./usr/share/doc/hpx-studio/copyright; do
  grep -qx "$f" <<<"$contents" || fail "package lacks $f"
done

root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
dpkg-deb -x "$deb" "$root"
desktop-file-validate "$root/usr/share/applications/org.hpxstudio.HpxStudio.desktop" || fail "desktop-file-validate"
appstreamcli validate --no-net "$root/usr/share/metainfo/org.hpxstudio.HpxStudio.metainfo.xml" >/dev/null \
  || fail "appstreamcli validate"
zcat "$root/usr/share/man/man1/hpx.1.gz" | grep -q '^\.SS hpx profile' || fail "man page lacks hpx profile"

export QT_QPA_PLATFORM=offscreen
"$root/usr/bin/hpx" --version | grep -q "^hpx $(dpkg-deb -f "$deb" Version)" || fail "hpx --version"
"$root/usr/bin/hpx-studio" --version | grep -q "hpx Studio" || fail "hpx-studio --version"
out=$(mktemp -d)
"$root/usr/bin/hpx" profile "$root/usr/share/hpx-studio/examples/hello_world_int8.tflite" --port sim \
  --iterations 3 --warmup 1 --output-dir "$out/results" >/dev/null || fail "hpx profile on the simulated board"
[ -f "$out/results/result_manifest.json" ] || fail "hpx profile wrote no bundle"

# The virtual board from the unpacked package alone: its prebuilt kernels and headers, no source tree.
kit="$root/usr/lib/hpx-studio/virtual-board"
if [ "$with_kit" -eq 1 ]; then
  [ -x "$kit/scripts/qemu-board.sh" ] || fail "package lacks the virtual board kit"
  for kernels in cmsis-nn reference; do
    [ -f "$kit/prebuilt/$kernels/libtflm.a" ] || fail "package lacks the $kernels kernels"
  done
  [ -f "$kit/licenses/tflite-micro/LICENSE" ] || fail "package lacks TFLM's license notice"
  ! grep -q "$tflm_dir" "$kit"/prebuilt/*/flags.mk || fail "the kit's flags.mk points into the source tree"
  start=$SECONDS
  env -u HPX_QEMU_BOARD_SCRIPT -u HPX_TFLM_DIR -u HPX_TFLM_CACHE XDG_CACHE_HOME="$out/cache" \
    "$root/usr/bin/hpx" profile "$root/usr/share/hpx-studio/examples/kws_ref_model.tflite" --port qemu \
    --kernels cmsis-nn --iterations 2 --warmup 1 --output-dir "$out/qemu" >"$out/qemu.log" 2>&1 \
    || { cat "$out/qemu.log" >&2; fail "hpx profile on the virtual board from the package"; }
  grep -q '"cycle_source": "qemu_icount_instructions"' "$out/qemu/run_metadata.json" \
    || fail "the virtual board's bundle does not say its cycles are emulated instructions"
  [ -z "$(find "$out/cache" -name hpx-qemu-an547.elf)" ] && fail "no firmware was linked in the package's cache"
  echo "check-deb: kws_ref_model profiled on the virtual board from the package ($((SECONDS - start)) s, link included)"
elif [ -d "$kit" ]; then
  echo "check-deb: the package has a virtual board kit although this tree has no TFLM sources" >&2
else
  echo "check-deb: no TFLM sources here (HPX_TFLM_DIR): the package has no virtual board kit, not checked"
fi
rm -rf "$out"
echo "check-deb: ok"
