#!/usr/bin/env bash
# Runs the benchmarks of two builds side by side in one run, so that a change can be shown to keep their speed (or not).
#
# Usage: scripts/compare-bench.sh BEFORE_BUILD AFTER_BUILD [ROUNDS] [PROGRAM...]
#   BEFORE_BUILD, AFTER_BUILD  build folders of the two commits (built with HPX_BUILD_BENCH, Release)
#   ROUNDS                     how many times each side runs, alternately (default 3)
#   PROGRAM                    benchmark programs by name (bench_memory ...); default: every one both builds have,
#                              except those that time a pty (bench_link, bench_uistall: they measure the line)
#
# FILTER=REGEX in the environment runs only the benchmarks it matches (Google Benchmark's --benchmark_filter).
#
# Each run reports the median of 3 repetitions of every benchmark; the sides alternate (before, after; after, before;
# ...) so that whatever else the machine does falls on both. Printed per benchmark: each side's median real time over
# its rounds, the ratio after / before, and each side's spread (its slowest round's median / its fastest): a ratio
# inside the spreads is noise.
set -euo pipefail
[ $# -ge 2 ] || { sed -n '4,8p' "$0" >&2; exit 2; }
BEFORE="$(cd "$1" && pwd)" AFTER="$(cd "$2" && pwd)"
shift 2
ROUNDS=3
if [ $# -gt 0 ] && [[ "$1" =~ ^[0-9]+$ ]]; then ROUNDS="$1"; shift; fi
programs=("$@")
if [ ${#programs[@]} -eq 0 ]; then
  while IFS= read -r p; do
    name="$(basename "$p")"
    case "$name" in bench_link | bench_uistall) continue ;; esac
    [ -x "$AFTER/bench/${p#"$BEFORE/bench/"}" ] && programs+=("$name")
  done < <(find "$BEFORE/bench" -type f -name 'bench_*' -perm -u+x | sort)
fi

results="$(mktemp)"
trap 'rm -f "$results"' EXIT
export QT_QPA_PLATFORM=offscreen
for name in "${programs[@]}"; do
  for side in before after; do
    dir="$BEFORE"; [ $side = after ] && dir="$AFTER"
    bin="$(find "$dir/bench" -type f -name "$name" -perm -u+x | head -1)"
    [ -n "$bin" ] || { echo "compare-bench: $name is not in $dir" >&2; exit 2; }
    eval "bin_$side=\$bin"
  done
  echo "compare-bench: $name, $ROUNDS rounds a side" >&2
  for ((r = 1; r <= ROUNDS; r++)); do
    # The order alternates (before then after, then after then before): the first run of a round pays for what the
    # second finds warm (the page cache, the CPU's clock).
    order="before after"; [ $((r % 2)) -eq 0 ] && order="after before"
    for side in $order; do
      eval "bin=\$bin_$side"
      # Console lines: NAME_median   TIME UNIT   CPU UNIT   ITERATIONS [counters]. (The CSV reporter aborts when
      # benchmarks of one program report different counters.)
      "$bin" --benchmark_repetitions=3 ${FILTER:+--benchmark_filter="$FILTER"} --benchmark_report_aggregates_only=true --benchmark_color=false 2>/dev/null |
        awk -v side=$side '$1 ~ /_median$/ { n = $1; sub(/_median$/, "", n); print side, n, $2, $3 }' >>"$results"
    done
  done
done

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
spread() { sort -g | awk 'NR == 1 { lo = $1 } { hi = $1 } END { printf "%.2f", (lo > 0 ? hi / lo : 0) }'; }
printf '%-58s %12s %12s %-4s %7s %8s %8s\n' benchmark before after unit ratio "spread-b" "spread-a"
for name in $(awk '{ print $2 }' "$results" | awk '!seen[$0]++'); do
  b=$(awk -v n="$name" '$1 == "before" && $2 == n { print $3 }' "$results")
  a=$(awk -v n="$name" '$1 == "after" && $2 == n { print $3 }' "$results")
  unit=$(awk -v n="$name" '$2 == n { print $4; exit }' "$results")
  if [ -z "$b" ] || [ -z "$a" ]; then # a benchmark one side does not have
    printf '%-58s %12s %12s %-4s %7s\n' "$name" "${b:+$(echo "$b" | median)}" "${a:+$(echo "$a" | median)}" "$unit" \
      "only ${b:+before}${a:+after}"
    continue
  fi
  mb=$(echo "$b" | median) ma=$(echo "$a" | median)
  printf '%-58s %12.4g %12.4g %-4s %7.3f %8s %8s\n' "$name" "$mb" "$ma" "$unit" \
    "$(awk -v a="$ma" -v b="$mb" 'BEGIN { print (b > 0 ? a / b : 0) }')" "$(echo "$b" | spread)" "$(echo "$a" | spread)"
done
