# Session 41, device call 5: the library as it lands (float's backward sweep on by default,
# K 32): --only single, and --only pdpshape float 2^24 with the backward pass by the sweep
# (default) and by the scan kernel (GTSV_PDP_SWEEP_BWD=0); then check_gpu_pdp and check_gpu.
set -u
source scripts/device-prologue.sh
timeout 90 prebuilt/gtsv-gpu-bench-base --only single --reps 20 --md /tmp/z/single.md \
  --commit "${GTSV_COMMIT:-unknown}" > /tmp/z/single.log 2>&1
echo "single rc=$? at $(el) s"
for v in sweep scan; do
  e=GTSV_NONE=1; [ $v = scan ] && e=GTSV_PDP_SWEEP_BWD=0
  env $e timeout 60 prebuilt/gtsv-gpu-bench-base --only pdpshape --prec s --n 16777216 --reps 20 \
    --md /tmp/z/s24-$v.md --commit "${GTSV_COMMIT:-unknown}-$v" > /tmp/z/last.log 2>&1
  echo "float 2^24 $v rc=$? at $(el) s"
done
B=$(( $(left) - 10 ))
for t in check_gpu_pdp check_gpu; do
  (CK_FORK=no CK_DEFAULT_TIMEOUT=1200 timeout $B prebuilt/$t > /tmp/z/$t.log 2>&1; echo "$t rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/$t.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
done
wait
cat /tmp/z/status.txt
grep -hE "FAIL|failures; first" /tmp/z/check_gpu*.log | head -8 | cut -c1-600
grep -E "random \| (gtsv PDP|gtsv SPIKE_DP|cusparse gtsv2) \|" /tmp/z/single.md | cut -d'|' -f2-7
for f in /tmp/z/s24-*.md; do echo "$(basename $f .md): $(grep -hE 'PDP' $f | cut -d'|' -f3,4,5,7 | tr -s ' ')"; done
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
