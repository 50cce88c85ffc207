#!/usr/bin/env bash
# A/B of measurement knobs in one call (after scripts/gpu.sh built the tree): for each
# shape and each variant, one run of
#     gtsv-gpu-bench --only KIND --prec d --n N [--batch B] --reps R
# under the variant's environment, then one line per variant and table row named in
# ROWS (solvers, '|'-separated), with the medians of that same run. Variants are
# "label" or "label:VAR=value,VAR=value". Logs and tables -> $OUT/ab-*.log, ab-*.md.
#
#     scripts/bench-ab.sh single "2^23 2^25" 20 t:GTSV_SPIKE_TOP=t 4:GTSV_SPIKE_TOP=4
#     ROWS="gtsv strided_batch (graph)|cusparse gtsv2StridedBatch (graph)" \
#         scripts/bench-ab.sh batch "512x512 256x512" 20 on off:GTSV_TILE_BLOCK=0
#
# KIND single: shapes are 2^k (rows), ROWS defaults to gtsv2 and SPIKE_DP; KIND batch:
# shapes are NxB, ROWS defaults to the strided batch's rows. BUILD (default
# build-h200), OUT (default ./out).
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$ROOT/build-h200}
OUT=${OUT:-$ROOT/out}
mkdir -p "$OUT"
BENCH=$BUILD/bench/gtsv-gpu-bench
KIND=$1
SHAPES=$2
REPS=$3
shift 3
case $KIND in
  single) ROWS=${ROWS:-"cusparse gtsv2|gtsv SPIKE_DP"} ;;
  batch) ROWS=${ROWS:-"gtsv strided_batch|gtsv strided_batch (graph)|cusparse gtsv2StridedBatch (graph)"} ;;
  *) echo "bench-ab: KIND is single or batch"; exit 1 ;;
esac
[ -x "$BENCH" ] || { echo "bench-ab: $BENCH not built"; exit 1; }
IFS='|' read -r -a rows <<< "$ROWS"
TABLE=()
for shape in $SHAPES; do
  if [ "$KIND" = single ]; then
    args=(--n $((2 ** ${shape#2^})))
    case_of() { echo "double n=$shape $1"; }
  else
    args=(--n "${shape%x*}" --batch "${shape#*x}")
    case_of() { echo "double ${shape} $1"; }
  fi
  for v in "$@"; do
    label=${v%%:*}
    envs=()
    [ "$v" != "$label" ] && IFS=, read -r -a envs <<< "${v#*:}"
    base="$OUT/ab-$label-${shape//^/}"
    env "${envs[@]}" "$BENCH" --only "$KIND" --prec d "${args[@]}" --reps "$REPS" \
      --md "$base.md" > "$base.log" 2>&1
    rc=$?
    for kind in random dominant; do
      for r in "${rows[@]}"; do
        ms=$(grep -F "| $(case_of $kind) | $r |" "$base.md" | head -1 | awk -F'|' '{print $4}' | tr -d ' ')
        TABLE+=("$(printf '%-9s %-9s %-12s %-40s %-9s rc=%d' "$shape" "$kind" "$label" "$r" "${ms:--}" "$rc")")
      done
    done
  done
done
echo
echo "==== bench-ab $KIND (median of max($REPS, 10) runs: the benchmark takes at least 10; ms)"
for l in "${TABLE[@]}"; do echo "$l"; done
