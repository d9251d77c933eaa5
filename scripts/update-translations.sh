#!/usr/bin/env bash
# Refreshes translations/*.ts from the sources (every tr() in model/, device/, ui/, app/).
# Translate new entries with Qt Linguist (linguist translations/hpx_de.ts) or by editing the XML.
set -euo pipefail
cd "$(dirname "$0")/.."
lupdate=${LUPDATE:-/usr/lib/qt6/bin/lupdate}
for ts in translations/*.ts; do
  plural=()
  [ "$(basename "$ts")" = hpx_en.ts ] && plural=(-pluralonly) # English: only the plural forms
  "$lupdate" -silent "${plural[@]}" -no-obsolete -locations none -target-language "$(basename "$ts" .ts | sed "s/^hpx_//")" -I . model device run ui app -ts "$ts" 2>/dev/null
done
