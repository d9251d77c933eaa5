#!/usr/bin/env bash
# Builds the Debian package from ./build (made by ./test.sh), checks its metadata and contents, then runs the
# installed commands from the unpacked tree. Exit non-zero on the first problem.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
fail() { echo "check-deb: $*" >&2; exit 1; }

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
rm -rf "$out"
echo "check-deb: ok"
