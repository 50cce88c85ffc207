# Session 40, device call 4: the library that lands (default shapes: C 1024 from 2^25 rows,
# float's forward sweep K 32 from 2^22; the driver's carveout; the gated kernels' loop form).
# The single-system table (--only single), two rounds; check_gpu_pdp and check_gpu beside
# compute-sanitizer memcheck of check_gpu_pdp's main case at the tiny level. Also 2^24 rows
# with C 512 and 1024 (GTSV_PDP_SWEEP_FC/BC), for the threshold.
set -u
source scripts/device-prologue.sh
for r in 1 2; do
  timeout 100 prebuilt/gtsv-gpu-bench-base --only single --reps 20 \
    --md /tmp/z/single-final-r$r.md --commit "${GTSV_COMMIT:-unknown}" > /tmp/z/single-final-r$r.log 2>&1
  echo "single final r$r rc=$? at $(el) s"
done
# 2^24 rows (between the measured sizes): C 512 (the default there) against C 1024
for c in 512 1024; do
  GTSV_PDP_SWEEP_FC=$c GTSV_PDP_SWEEP_BC=$c timeout 60 prebuilt/gtsv-gpu-bench-base --only single --n 16777216 --reps 20 \
    --md /tmp/z/single-n24-c$c.md --commit "${GTSV_COMMIT:-unknown}-c$c" > /tmp/z/single-n24-c$c.log 2>&1
  echo "single 2^24 C=$c rc=$? at $(el) s"
done
B=$(( $(left) - 10 ))
for t in check_gpu_pdp check_gpu; do
  (CK_FORK=no CK_DEFAULT_TIMEOUT=1200 timeout $B prebuilt/$t > /tmp/z/$t.log 2>&1; echo "$t rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/$t.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
done
(CK_FORK=no CK_DEFAULT_TIMEOUT=1200 CK_RUN_CASE=gpu_pdp GTSV_GPU_TEST_SMALL=2 timeout $B compute-sanitizer --tool memcheck --error-exitcode 99 prebuilt/check_gpu_pdp > /tmp/z/memcheck-pdp.log 2>&1
  echo "memcheck gpu_pdp tiny rc=$? at $(el) s: $(grep -E 'ERROR SUMMARY|^[0-9]+%: Checks' /tmp/z/memcheck-pdp.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
wait
cat /tmp/z/status.txt
grep -hE "FAIL|failures; first" /tmp/z/check_gpu*.log /tmp/z/memcheck-pdp.log | head -8 | cut -c1-600
for f in /tmp/z/single-final-r*.md /tmp/z/single-n24-c*.md; do echo "== $f"; grep -E "PDP|SPIKE_DP \||gtsv2" $f | cut -c1-110; done
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
