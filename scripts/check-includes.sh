#!/usr/bin/env bash
# Fails on an #include "..." that points against the documented direction: up a layer (model/ -> run/), or across
# role folders the wrong way (ui/graph/ -> ui/window/, model/results/ -> model/bundle/); and on any circle of includes
# between files (a .cpp and its header counted as one: a.cpp -> b.h with b.cpp -> a.h). The rules are read from the
# one block in docs/architecture.md marked "include-rules", so the document and the check cannot disagree. ctest
# check_includes; check_includes_self_test runs --self-test, which feeds the check a tree with bad includes and fails
# unless each is reported at its file:line, each circle with the includes that close it, and a clean tree passes.
# Usage: scripts/check-includes.sh [--root DIR] [--rules FILE] | --self-test
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
root="$here"
rules="$here/docs/architecture.md"

self_test() {
  local tmp out status expected
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' RETURN
  mkdir -p "$tmp"/{model/results,model/tflite,model/bundle,device/link,device/capture,device/sim,run,ui/common,ui/graph,ui/table,ui/window,ui/compare,app/x}
  # A clean tree: every include goes down a layer or along the documented ui/ direction.
  printf '#include "model/results/a.h"\n' >"$tmp/model/results/b.h"
  printf '#include "model/results/a.h"\n#include "device/link/l.h"\n' >"$tmp/device/sim/s.cpp"
  printf '#include "device/sim/s.h"\n#include <QString>\n#include "generated.moc"\n' >"$tmp/run/r.cpp"
  printf '#include "ui/common/c.h"\n#include "run/r.h"\n' >"$tmp/ui/graph/g.h"
  printf '#include "ui/table/t.h"\n#include "ui/charts/d.h"\n' >"$tmp/ui/compare/c.cpp"
  printf '#include "ui/compare/c.h"\n' >"$tmp/ui/window/w.cpp"
  printf '#include "ui/window/w.h"\n#include "app/x/y.h"\n' >"$tmp/app/x/main.cpp"
  printf '#include "model/tflite/m.h"\n#include "model/results/b.h"\n' >"$tmp/model/bundle/w.cpp"
  printf '#include "device/link/l.h"\n' >"$tmp/device/capture/c.cpp"
  printf '#include "model/tflite/m.h"\n' >"$tmp/model/tflite/m.cpp"
  if ! out=$("$0" --root "$tmp" --rules "$rules" 2>&1); then
    echo "self-test: a clean tree was rejected:" >&2
    echo "$out" >&2
    return 1
  fi
  # Each kind of bad include, in a .cpp and in a header-only type.
  printf '#include "model/results/a.h"\n#include "run/r.h"\n' >"$tmp/model/results/up.h"
  printf '\n#include "device/sim/s.h"\n' >"$tmp/device/link/sim.cpp"
  printf '  #  include "ui/common/c.h"\n#include "app/x/y.h"\n' >"$tmp/run/app.cpp"
  printf '#include "ui/window/w.h"\n' >"$tmp/ui/graph/up.h"
  printf '#include "ui/graph/g.h"\n' >"$tmp/ui/common/across.h"
  printf '#include "ui/table/t.h"\n' >"$tmp/ui/graph/sideways.cpp"
  printf '#include "../window/w.h"\n' >"$tmp/ui/table/relative.h"
  printf '#include "model/bundle/w.h"\n' >"$tmp/model/tflite/up.h"
  printf '\n\n#include "device/capture/c.h"\n' >"$tmp/device/link/cap.h"
  expected="device/link/cap.h:3
device/link/sim.cpp:2
model/results/up.h:2
model/tflite/up.h:1
run/app.cpp:1
run/app.cpp:2
ui/common/across.h:1
ui/graph/sideways.cpp:1
ui/graph/up.h:1
ui/table/relative.h:1"
  status=0
  out=$("$0" --root "$tmp" --rules "$rules" 2>&1) || status=$?
  if [ "$status" -ne 1 ]; then
    echo "self-test: bad includes gave exit status $status, not 1:" >&2
    echo "$out" >&2
    return 1
  fi
  local found
  found=$(echo "$out" | grep -oE '^[^: ]+:[0-9]+' | sort)
  if [ "$found" != "$expected" ]; then
    echo "self-test: reported" >&2
    echo "$found" >&2
    echo "instead of" >&2
    echo "$expected" >&2
    return 1
  fi
  echo "self-test: a clean tree passes; $(echo "$expected" | wc -l) bad includes reported at their file:line"
  # Circles between files, each include in the documented direction: a header and its .cpp are one unit (a.cpp
  # including a.h is no circle), so a.h -> b.h with b.cpp -> a.h is one, as is c -> d -> e -> c.
  rm -rf "$tmp"/*
  mkdir -p "$tmp"/{model/results,model/bundle,device,run,ui,app}
  printf '#include "model/results/b.h"\n' >"$tmp/model/results/a.h"
  printf '#include "model/results/a.h"\n' >"$tmp/model/results/a.cpp"
  printf '#pragma once\n' >"$tmp/model/results/b.h"
  printf '#include "model/results/b.h"\n#include "model/results/a.h"\n' >"$tmp/model/results/b.cpp"
  printf '#include "model/bundle/d.h"\n' >"$tmp/model/bundle/c.cpp"
  printf '#include "model/results/a.h"\n' >"$tmp/model/bundle/c.h"
  printf '#include "model/bundle/e.h"\n' >"$tmp/model/bundle/d.h"
  printf '\n#include "model/bundle/c.h"\n' >"$tmp/model/bundle/e.cpp"
  printf '#pragma once\n' >"$tmp/model/bundle/e.h"
  status=0
  out=$("$0" --root "$tmp" --rules "$rules" 2>&1) || status=$?
  expected="include circle: model/bundle/c -> model/bundle/d -> model/bundle/e -> model/bundle/c
    model/bundle/c.cpp:1: #include \"model/bundle/d.h\"
    model/bundle/d.h:1: #include \"model/bundle/e.h\"
    model/bundle/e.cpp:2: #include \"model/bundle/c.h\"
include circle: model/results/a -> model/results/b -> model/results/a
    model/results/a.h:1: #include \"model/results/b.h\"
    model/results/b.cpp:2: #include \"model/results/a.h\""
  found=$(echo "$out" | grep -E '^(include circle|    )')
  if [ "$status" -ne 1 ] || [ "$found" != "$expected" ]; then
    echo "self-test: circles gave exit status $status and" >&2
    echo "$out" >&2
    echo "instead of" >&2
    echo "$expected" >&2
    return 1
  fi
  echo "self-test: 2 include circles reported with the includes that close them"
}

while [ $# -gt 0 ]; do
  case "$1" in
  --root) root="$2"; shift 2 ;;
  --rules) rules="$2"; shift 2 ;;
  --self-test) self_test; exit ;;
  *) echo "usage: $0 [--root DIR] [--rules FILE] | --self-test" >&2; exit 2 ;;
  esac
done

cd "$root"
dirs=(model device run ui app)
if git rev-parse --is-inside-work-tree >/dev/null 2>&1 && [ "$(git rev-parse --show-toplevel)" = "$(pwd -P)" ]; then
  files=$(git ls-files --cached --others --exclude-standard -- "${dirs[@]}") # new files too
else
  files=$(find "${dirs[@]}" -type f 2>/dev/null | sort)
fi
files=$(echo "$files" | grep -E '\.(h|hpp|cpp|c|def|inc)$' || true)
[ -n "$files" ] || { echo "no sources under ${dirs[*]} in $root" >&2; exit 2; }

# The rules: the fenced block after the "include-rules" marker, one unit a line, then the units it may include.
# A file may include its own unit and what the rules of its unit and of every enclosing unit allow (ui/'s line
# applies to each ui/ folder); an include belongs to the longest unit its path starts with.
includes=$(echo "$files" | tr '\n' '\0' | xargs -0 grep -nE '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' /dev/null || true)
status=0
echo "$includes" | awk -v rules="$rules" '
  function unitOf(path,   u, best) {
    best = ""
    for (u in allow)
      if (index(path, u) == 1 && length(u) > length(best))
        best = u
    return best
  }
  function allowed(from, to,   u, n, i, list) {
    if (from == to)
      return 1
    for (u in allow) {
      if (index(from, u) != 1)
        continue
      n = split(allow[u], list, " ")
      for (i = 1; i <= n; ++i)
        if (index(to, list[i]) == 1)
          return 1
    }
    return 0
  }
  BEGIN {
    state = 0
    while ((getline line < rules) > 0) {
      if (state == 0 && line ~ /include-rules/) { state = 1; continue }
      if (state == 1 && line ~ /^```/) { state = 2; continue }
      if (state == 2) {
        if (line ~ /^```/) { state = 3; break }
        sub(/#.*/, "", line)
        n = split(line, f, " ")
        if (n == 0)
          continue
        allow[f[1]] = ""
        for (i = 2; i <= n; ++i)
          allow[f[1]] = allow[f[1]] " " f[i]
        ++units
      }
    }
    if (state != 3 || units == 0) {
      print "no include-rules block in " rules > "/dev/stderr"
      bad = -1
      exit 2
    }
  }
  {
    file = $0; sub(/:.*/, "", file)
    rest = substr($0, length(file) + 2)
    line = rest; sub(/:.*/, "", line)
    target = rest; sub(/^[^"]*"/, "", target); sub(/".*/, "", target)
    from = unitOf(file)
    if (from == "")
      next
    if (target ~ /(^|\/)\.\.\//) {
      printf "%s:%s: #include \"%s\": a relative path hides the layer; name it from the source root\n", file, line, target
      ++bad
      next
    }
    to = unitOf(target)
    if (to == "" || allowed(from, to))
      next
    printf "%s:%s: #include \"%s\": %s may not include %s (include-rules in docs/architecture.md)\n", file, line, target, from, to
    ++bad
  }
  END {
    if (bad < 0)
      exit 2
    if (bad > 0) {
      printf "%d include(s) against the documented direction\n", bad > "/dev/stderr"
      exit 1
    }
    printf "all %d includes follow the documented direction\n", NR
  }' || status=$?
[ "$status" -ne 2 ] || exit 2

# Circles between files: a file and its header are one unit (foo.h + foo.cpp), and an #include "..." of another
# project file is an edge from the including unit to the included one. Any circle fails, printed with the includes
# that close it: a shared piece belongs in the lower file or in a small header of its own (docs/architecture.md).
echo "$includes" | awk '
  function unit(path) {
    sub(/\.[^.\/]*$/, "", path)
    return path
  }
  function visit(v, depth,   parts, m, k, w, i, path) {
    color[v] = 1
    stack[depth] = v
    at[v] = depth
    m = split(adj[v], parts, " ")
    for (k = 1; k <= m; ++k) {
      w = parts[k]
      if (color[w] == 1) {
        path = ""
        for (i = at[w]; i <= depth; ++i)
          path = path stack[i] " -> "
        printf "include circle: %s%s\n", path, w
        for (i = at[w]; i <= depth; ++i)
          printf "    %s\n", how[stack[i], (i < depth ? stack[i + 1] : w)]
        ++circles
      } else if (color[w] == 0) {
        visit(w, depth + 1)
      }
    }
    color[v] = 2
  }
  NR == FNR {
    known[$0] = 1
    if (!(unit($0) in units)) { units[unit($0)] = 1; ++unitCount }
    next
  }
  {
    file = $0; sub(/:.*/, "", file)
    rest = substr($0, length(file) + 2)
    line = rest; sub(/:.*/, "", line)
    target = rest; sub(/^[^"]*"/, "", target); sub(/".*/, "", target)
    if (!(target in known))
      next
    from = unit(file); to = unit(target)
    if (from == to || ((from, to) in how))
      next
    how[from, to] = file ":" line ": #include \"" target "\""
    adj[from] = adj[from] " " to
    if (!(from in seen)) { seen[from] = 1; order[++including] = from }
  }
  END {
    for (i = 1; i <= including; ++i)
      if (color[order[i]] == 0)
        visit(order[i], 0)
    if (circles > 0) {
      printf "%d include circle(s) between files\n", circles > "/dev/stderr"
      exit 1
    }
    printf "no include circle among %d files (a .cpp and its header counted as one)\n", unitCount
  }' <(echo "$files") - || status=$?
exit "$status"
