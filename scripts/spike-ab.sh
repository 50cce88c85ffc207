#!/usr/bin/env bash
# A/B of the GPU SPIKE's measurement knobs in one call (after scripts/gpu.sh built
# the tree): for each size and each variant, one run of
#     gtsv-gpu-bench --only single --prec d --n N --reps R
# under the variant's environment, and a line per variant with cuSPARSE gtsv2's and
# SPIKE_DP's medians of that same run (random, then dominant). Variants are
# "label" or "label:VAR=value,VAR=value". Logs and tables -> $OUT/ab-*.log, ab-*.md.
#
#     BUILD=build-h200 OUT=/dir scripts/spike-ab.sh "2^23 2^25" 20 t:GTSV_SPIKE_TOP=t 4:GTSV_SPIKE_TOP=4
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$ROOT/build-h200}
OUT=${OUT:-$ROOT/out}
mkdir -p "$OUT"
BENCH=$BUILD/bench/gtsv-gpu-bench
SIZES=$1
REPS=$2
shift 2
[ -x "$BENCH" ] || { echo "spike-ab: $BENCH not built"; exit 1; }
TABLE=()
for s in $SIZES; do
  n=$((2 ** ${s#2^}))
  for v in "$@"; do
    label=${v%%:*}
    envs=()
    [ "$v" != "$label" ] && IFS=, read -r -a envs <<< "${v#*:}"
    log="$OUT/ab-$label-$s.log"
    log=${log//^/}
    md=${log%.log}.md
    env "${envs[@]}" "$BENCH" --only single --prec d --n "$n" --reps "$REPS" --md "$md" > "$log" 2>&1
    rc=$?
    for kind in random dominant; do
      g=$(grep -F "| double n=$s $kind | cusparse gtsv2 |" "$md" | awk -F'|' '{print $4}' | tr -d ' ')
      t=$(grep -F "| double n=$s $kind | gtsv SPIKE_DP |" "$md" | awk -F'|' '{print $4}' | tr -d ' ')
      r=$(awk -v a="$g" -v b="$t" 'BEGIN { if (a > 0 && b > 0) printf "%.2fx", a / b; else print "-" }')
      TABLE+=("$(printf '%-6s %-9s %-28s gtsv2 %-8s SPIKE_DP %-8s %-6s rc=%d' "$s" "$kind" "$label" "$g" "$t" "$r" "$rc")")
    done
  done
done
echo
echo "==== spike-ab (median of $REPS, ms)"
for l in "${TABLE[@]}"; do echo "$l"; done
