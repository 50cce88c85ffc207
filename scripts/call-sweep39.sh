# Session 39, device call 1: the GPU PDP with the warm-up sweep (src/pdp/pdp_sweep.cu).
# The single-system table (--only single: SPIKE, PDP, cuSPARSE gtsv2 at 2^20, 2^23, 2^25)
# with the sweep (default) and with the checked-splice kernel alone (GTSV_PDP_SWEEP=0),
# the same binary, in turn; then check_gpu_pdp (all cases) beside compute-sanitizer
# memcheck and racecheck of its main case at the tiny level (GTSV_GPU_TEST_SMALL=2).
set -u
source scripts/device-prologue.sh
for r in 1; do
  for s in 1 0; do
    [ "$(left)" -gt 330 ] || break
    GTSV_PDP_SWEEP=$s timeout 110 prebuilt/gtsv-gpu-bench --only single --reps 20 \
      --md /tmp/z/single-sweep$s-r$r.md --commit "${GTSV_COMMIT:-unknown}-sweep$s" > /tmp/z/single-sweep$s-r$r.log 2>&1
    echo "single sweep=$s r$r rc=$? at $(el) s"
  done
done
B=$(( $(left) - 10 ))
(CK_FORK=no CK_DEFAULT_TIMEOUT=1200 timeout $B prebuilt/check_gpu_pdp > /tmp/z/check_gpu_pdp.log 2>&1; echo "check_gpu_pdp rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/check_gpu_pdp.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
(for tool in memcheck racecheck; do
  CK_FORK=no CK_DEFAULT_TIMEOUT=1200 CK_RUN_CASE=gpu_pdp GTSV_GPU_TEST_SMALL=2 timeout $B compute-sanitizer --tool $tool --error-exitcode 99 prebuilt/check_gpu_pdp > /tmp/z/$tool-pdp.log 2>&1
  echo "$tool gpu_pdp tiny rc=$? at $(el) s: $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY|^[0-9]+%: Checks' /tmp/z/$tool-pdp.log | tr '\n' ' ')" >> /tmp/z/status.txt
done) &
wait
cat /tmp/z/status.txt
grep -hE "[0-9]+: .*(Failure|Error)|failures; first" /tmp/z/check_gpu_pdp.log /tmp/z/*-pdp.log | head -8 | cut -c1-600
grep -h "check_gpu_pdp: sweep" /tmp/z/check_gpu_pdp.log | head -20
for f in /tmp/z/single-sweep*-r1.md; do echo "== $f"; grep -E "PDP|SPIKE|gtsv2" $f | head -30; done
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
