#!/usr/bin/env bash
# Fails when a translation misses a string of the current sources: runs lupdate on a copy of each .ts and
# reports unfinished or vanished-then-new messages. Used by ctest (tests/translations).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
lupdate=${LUPDATE:-/usr/lib/qt6/bin/lupdate}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
for ts in "$root"/translations/*.ts; do
  copy="$tmp/$(basename "$ts")"
  cp "$ts" "$copy"
  # hpx_en.ts holds only the English plural forms ("1 counter", "2 counters"): the sources are English. The others
  # leave out the command-line tools, which load only the English plural forms (update-translations.sh).
  plural=()
  sources=(model device run ui app/hpx-studio app/hpx-screenshots)
  [ "$(basename "$ts")" = hpx_en.ts ] && plural=(-pluralonly) sources=(model device run ui app)
  (cd "$root" && "$lupdate" -silent "${plural[@]}" -no-obsolete -locations none -I . "${sources[@]}" -ts "$copy") >/dev/null 2>&1
  unfinished=$(grep -c 'type="unfinished"' "$copy" || true)
  total=$(grep -c '<message' "$copy" || true)
  echo "$(basename "$ts"): $total messages, $unfinished unfinished"
  if [ "$unfinished" -ne 0 ]; then
    grep -B3 'type="unfinished"' "$copy" | grep '<source>' | head -20 >&2
    status=1
  fi
  if [ "$total" -lt 50 ] && [ ${#plural[@]} -eq 0 ]; then
    echo "$(basename "$ts"): suspiciously few messages" >&2
    status=1
  fi
done
exit $status
