# Session 39, device call 3: the warm-down backward sweep (pdp_sweep.cu's bwd_kernel and
# bcheck_kernel) behind the warm-up forward sweep. The single-system table (--only single)
# with the library's default (GTSV_PDP_SWEEP unset: both sweeps from 2^22 rows) and with
# the checked-splice and scan kernels alone (GTSV_PDP_SWEEP=0), in turn, two rounds; then
# check_gpu_pdp (all cases) beside compute-sanitizer memcheck of its main case and racecheck
# of its sweep case at the tiny level.
set -u
source scripts/device-prologue.sh
for r in 1 2; do
  for s in 1 0; do
    [ "$(left)" -gt 250 ] || break
    GTSV_PDP_SWEEP=$s timeout 100 prebuilt/gtsv-gpu-bench --only single --reps 20 \
      --md /tmp/z/single-sweep$s-r$r.md --commit "${GTSV_COMMIT:-unknown}-sweep$s" > /tmp/z/single-sweep$s-r$r.log 2>&1
    echo "single sweep=$s r$r rc=$? at $(el) s"
  done
done
B=$(( $(left) - 10 ))
(CK_FORK=no CK_DEFAULT_TIMEOUT=1200 timeout $B prebuilt/check_gpu_pdp > /tmp/z/check_gpu_pdp.log 2>&1; echo "check_gpu_pdp rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/check_gpu_pdp.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
(CK_FORK=no CK_DEFAULT_TIMEOUT=1200 CK_RUN_CASE=gpu_pdp GTSV_GPU_TEST_SMALL=2 timeout $B compute-sanitizer --tool memcheck --error-exitcode 99 prebuilt/check_gpu_pdp > /tmp/z/memcheck-pdp.log 2>&1
  echo "memcheck gpu_pdp tiny rc=$? at $(el) s: $(grep -E 'ERROR SUMMARY|^[0-9]+%: Checks' /tmp/z/memcheck-pdp.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
(CK_FORK=no CK_DEFAULT_TIMEOUT=1200 CK_RUN_CASE=sweep GTSV_GPU_TEST_SMALL=2 timeout $B compute-sanitizer --tool racecheck --error-exitcode 99 prebuilt/check_gpu_pdp > /tmp/z/racecheck-sweep.log 2>&1
  echo "racecheck sweep tiny rc=$? at $(el) s: $(grep -E 'RACECHECK SUMMARY|^[0-9]+%: Checks' /tmp/z/racecheck-sweep.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
wait
cat /tmp/z/status.txt
grep -hE "FAIL|failures; first" /tmp/z/check_gpu_pdp.log /tmp/z/memcheck-pdp.log /tmp/z/racecheck-sweep.log | head -8 | cut -c1-600
grep -h "check_gpu_pdp: sweep" /tmp/z/check_gpu_pdp.log | head -20
for f in /tmp/z/single-*-r*.md; do echo "== $f"; grep -E "PDP" $f; done
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
