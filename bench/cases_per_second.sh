#!/usr/bin/env bash
# Law cases checked per CPU-second of `perturb check`, per law family and
# model (docs/performance.md, "Throughput"): each row runs
#   perturb check --law 'FAMILY.*' --model MODEL --cases 300 --jobs 1 --no-shrink
# RUNS times (default 5) and prints the cases checked, then the median and
# the spread (min–max) of cases per user-CPU second. The whole process is
# timed: start-up, generation, checking, coverage and the report.
#
#   bench/cases_per_second.sh build/release/app/perturb [RUNS] [FAMILY:MODEL ...]
set -euo pipefail
perturb=${1:?usage: bench/cases_per_second.sh PERTURB [RUNS] [FAMILY:MODEL ...]}
runs=${2:-5}
shift $(($# < 2 ? $# : 2))
rows=("$@")
((${#rows[@]} > 0)) || rows=(cla:closures cla:smooth cdc:closures cdc:smooth tangent:closures
                             tangent:smooth sound:closures)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf '%-10s %-9s %7s %9s  %s\n' family model cases median 'min–max (cases per CPU-s)'
for row in "${rows[@]}"; do
  family=${row%%:*} model=${row##*:}
  rates=()
  for ((run = 0; run < runs; ++run)); do
    /usr/bin/time -o "$work/time" -f '%U' "$perturb" check --law "$family.*" --model "$model" \
      --cases 300 --jobs 1 --no-shrink --report "$work/report" >"$work/out" 2>/dev/null || true
    cases=$(grep -o '[0-9]* passed, [0-9]* failed, [0-9]* discarded' "$work/out" | tail -1 |
      awk '{print $1 + $3 + $5}')
    rates+=("$(awk -v n="$cases" '{printf "%.0f", n / $1}' "$work/time")")
  done
  sorted=($(printf '%s\n' "${rates[@]}" | sort -n))
  printf '%-10s %-9s %7s %9s  %s–%s\n' "$family" "$model" "$cases" "${sorted[$((runs / 2))]}" \
    "${sorted[0]}" "${sorted[$((runs - 1))]}"
done
