# Session 27, device call 4: prebuilt binaries of the final library (the PDP tile a
# precision: double 320 x 8, two blocks an SM): the single-system benchmark (double and
# float: PDP, SPIKE_DP, cuSPARSE gtsv2), the forward kernel's phase clocks (double 2^23),
# then the five GPU tests at once with
# compute-sanitizer racecheck of check_gpu_pdp (GTSV_GPU_TEST_SMALL=2) and memcheck of it
# (GTSV_GPU_TEST_SMALL=1) beside them, each time-boxed.
set -u
source scripts/device-prologue.sh
timeout 90 prebuilt/gtsv-gpu-bench-base --only single --prec both --reps 10 --md /tmp/z/single.md \
  --commit "${GTSV_COMMIT:-unknown}" > /tmp/z/single.log 2>&1
echo "bench rc=$? at $(el) s"
grep -E "\| (cusparse gtsv2|gtsv PDP|gtsv SPIKE_DP|gtsv AUTO) \|" /tmp/z/single.md | cut -c1-96
GTSV_PDP_CLK=4 timeout 40 prebuilt/gtsv-gpu-bench-clk --only single --prec d --n 8388608 --reps 4 > /tmp/z/clk.log 2>&1
awk '/^pdp_clk n=/{c++} c==1 || c==2' /tmp/z/clk.log | cut -c1-200 | sed -n '1,13p;14p'
echo "clk at $(el) s"
B=$(( $(left) - 10 ))
for t in check_gpu_pdp check_gpu_batch check_gpu_spike check_gpu check_gpu_arcr; do
  (CK_DEFAULT_TIMEOUT=1200 timeout $B prebuilt/$t > /tmp/z/$t.log 2>&1; echo "$t rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/$t.log)" >> /tmp/z/status.txt) &
done
(GTSV_GPU_TEST_SMALL=2 CK_FORK=no CK_DEFAULT_TIMEOUT=1200 CK_RUN_CASE=gpu_pdp timeout $B \
   compute-sanitizer --tool racecheck --error-exitcode 99 prebuilt/check_gpu_pdp > /tmp/z/racecheck-pdp.log 2>&1
 echo "racecheck check_gpu_pdp (gpu_pdp, tiny) rc=$? at $(el) s: $(grep -E 'RACECHECK SUMMARY|Checks' /tmp/z/racecheck-pdp.log | tail -2 | tr '\n' ' ')" >> /tmp/z/status.txt) &
(GTSV_GPU_TEST_SMALL=1 CK_FORK=no CK_DEFAULT_TIMEOUT=1200 timeout $B \
   compute-sanitizer --tool memcheck --error-exitcode 99 prebuilt/check_gpu_pdp > /tmp/z/memcheck-pdp.log 2>&1
 echo "memcheck check_gpu_pdp (small) rc=$? at $(el) s: $(grep -E 'ERROR SUMMARY|Checks' /tmp/z/memcheck-pdp.log | tail -2 | tr '\n' ' ')" >> /tmp/z/status.txt) &
wait
cat /tmp/z/status.txt
grep -hE "^check_gpu_pdp:" /tmp/z/check_gpu_pdp.log | head -6
grep -hE "[0-9]+: .*(Failure|Error)" /tmp/z/check_gpu_*.log | head -8 | cut -c1-300
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
