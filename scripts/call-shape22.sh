# Session 22, device call 6 (no build: device time nearly spent): prebuilt/ holds the
# benchmark linked here (sm_90, the library of 3c2b75c) three ways: base (128 threads x 16
# rows a PDP tile), c8 (128 x 8: 1024-row tiles, half the shared memory) and t256c8 (256 x 8),
# pdp.cu compiled with -DGTSV_PDP_THREADS / -DGTSV_PDP_C and put into a copy of libgtsv.a.
# Double single-system rows at 2^23, then 2^25 while time is left; tables straight into $OUT.
set -u
T0=$(date +%s)
for n in 8388608 33554432; do
  for v in base c8 t256c8; do
    [ $(( $(date +%s) - T0 )) -gt ${LIMIT:-150} ] && { echo "stopped before $v n=$n"; break 2; }
    timeout 90 prebuilt/gtsv-gpu-bench-$v --only single --prec d --n $n --reps 5 --md $OUT/shape-$v-$n.md --commit 3c2b75c-$v > $OUT/shape-$v-$n.log 2>&1
    echo "$v n=$n rc=$?"
    grep -E "\| (cusparse gtsv2|gtsv PDP) \|" $OUT/shape-$v-$n.md | cut -c1-100
  done
done
echo "done at $(( $(date +%s) - T0 )) s"
