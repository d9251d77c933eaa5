#!/usr/bin/env bash
# Fails when a C++ source tracked by git differs from what .clang-format makes of it (ctest check_format).
# Fix with: scripts/check-format.sh --fix
set -euo pipefail
cd "$(dirname "$0")/.."
clang_format=${CLANG_FORMAT:-clang-format}
files=$(git ls-files '*.cpp' '*.h' 2>/dev/null || find model device ui app tests bench -name '*.cpp' -o -name '*.h')
if [ "${1:-}" = "--fix" ]; then
  echo "$files" | xargs "$clang_format" -i
  exit 0
fi
bad=()
for f in $files; do
  "$clang_format" --dry-run -Werror "$f" >/dev/null 2>&1 || bad+=("$f")
done
if [ ${#bad[@]} -gt 0 ]; then
  echo "not formatted with .clang-format (run scripts/check-format.sh --fix):" >&2
  printf '  %s\n' "${bad[@]}" >&2
  exit 1
fi
echo "all $(echo "$files" | wc -l) sources formatted"
