#!/usr/bin/env bash
# Refreshes translations/*.ts from the sources (every tr() in model/, device/, run/, ui/, app/). The command-line tools
# (app/hpx, app/hpx-board-sim) load no translation but the English plural forms, so only hpx_en.ts holds their strings
# (docs/studio.md, "Translations").
# Translate new entries with Qt Linguist (linguist translations/hpx_de.ts) or by editing the XML.
set -euo pipefail
cd "$(dirname "$0")/.."
lupdate=${LUPDATE:-/usr/lib/qt6/bin/lupdate}
for ts in translations/*.ts; do
  plural=()
  sources=(model device run ui app/hpx-studio app/hpx-screenshots)
  [ "$(basename "$ts")" = hpx_en.ts ] && plural=(-pluralonly) sources=(model device run ui app) # English: only the plural forms
  "$lupdate" -silent "${plural[@]}" -no-obsolete -locations none -target-language "$(basename "$ts" .ts | sed "s/^hpx_//")" -I . "${sources[@]}" -ts "$ts" 2>/dev/null
done
