#!/usr/bin/env bash
# Two perturb binaries side by side: law cases checked per CPU-second of
#   perturb check --law 'FAMILY.*' --model MODEL --cases 300 --jobs 1 --no-shrink
# per FAMILY:MODEL row, the two binaries alternating (A B A B …) PAIRS times
# (default 5), so that both see the same machine. Prints, per row and
# binary, the median and the spread (min–max) of cases per user-CPU second,
# and the median of B's rate over A's, pair by pair.
#
#   bench/compare_cases_per_second.sh OLD_PERTURB NEW_PERTURB [PAIRS] [FAMILY:MODEL ...]
set -euo pipefail
a=${1:?usage: bench/compare_cases_per_second.sh A B [PAIRS] [FAMILY:MODEL ...]}
b=${2:?usage: bench/compare_cases_per_second.sh A B [PAIRS] [FAMILY:MODEL ...]}
pairs=${3:-5}
shift $(($# < 3 ? $# : 3))
rows=("$@")
((${#rows[@]} > 0)) || rows=(cdc:closures tangent:smooth sound:closures)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

rate() {  # rate PERTURB FAMILY MODEL: cases per user-CPU second of one run
  /usr/bin/time -o "$work/time" -f '%U' "$1" check --law "$2.*" --model "$3" --cases 300 \
    --jobs 1 --no-shrink >"$work/out" 2>/dev/null || true
  local cases
  cases=$(grep -o '[0-9]* passed, [0-9]* failed, [0-9]* discarded' "$work/out" | tail -1 |
    awk '{print $1 + $3 + $5}')
  awk -v n="$cases" '{printf "%.0f", n / $1}' "$work/time"
}

summary() {  # summary VALUES…: median (min–max)
  local sorted
  sorted=($(printf '%s\n' "$@" | sort -g))
  printf '%s (%s–%s)' "${sorted[$((${#sorted[@]} / 2))]}" "${sorted[0]}" "${sorted[-1]}"
}

printf '%-9s %-9s %-22s %-22s %s\n' family model "A cases/CPU-s" "B cases/CPU-s" "B/A median (min–max)"
for row in "${rows[@]}"; do
  family=${row%%:*} model=${row##*:}
  rates_a=() rates_b=() ratios=()
  for ((pair = 0; pair < pairs; ++pair)); do
    ra=$(rate "$a" "$family" "$model")
    rb=$(rate "$b" "$family" "$model")
    rates_a+=("$ra") rates_b+=("$rb")
    ratios+=("$(awk -v x="$ra" -v y="$rb" 'BEGIN {printf "%.3f", y / x}')")
  done
  printf '%-9s %-9s %-22s %-22s %s\n' "$family" "$model" "$(summary "${rates_a[@]}")" \
    "$(summary "${rates_b[@]}")" "$(summary "${ratios[@]}")"
done
