# Session 39, device call 4: the library that lands (the warm-down backward sweep in double
# only by default). The single-system table (--only single) in turn with the default, with
# the backward sweep in both precisions (GTSV_PDP_SWEEP_BWD=1), with neither precision's
# (=0) and with the checked-splice and scan kernels alone (GTSV_PDP_SWEEP=0), two rounds;
# then check_gpu_pdp (all cases) and check_gpu beside compute-sanitizer memcheck of
# check_gpu_pdp's main case and racecheck of its sweep case at the tiny level.
set -u
source scripts/device-prologue.sh
for r in 1 2; do
  for v in def b1 b0 s0; do
    [ "$(left)" -gt 200 ] || break
    case $v in def) e="";; b1) e="GTSV_PDP_SWEEP_BWD=1";; b0) e="GTSV_PDP_SWEEP_BWD=0";; s0) e="GTSV_PDP_SWEEP=0";; esac
    env $e timeout 100 prebuilt/gtsv-gpu-bench --only single --reps 20 \
      --md /tmp/z/single-$v-r$r.md --commit "${GTSV_COMMIT:-unknown}-$v" > /tmp/z/single-$v-r$r.log 2>&1
    echo "single $v r$r rc=$? at $(el) s"
  done
done
B=$(( $(left) - 10 ))
for t in check_gpu_pdp check_gpu; do
  (CK_FORK=no CK_DEFAULT_TIMEOUT=1200 timeout $B prebuilt/$t > /tmp/z/$t.log 2>&1; echo "$t rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/$t.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
done
(CK_FORK=no CK_DEFAULT_TIMEOUT=1200 CK_RUN_CASE=gpu_pdp GTSV_GPU_TEST_SMALL=2 timeout $B compute-sanitizer --tool memcheck --error-exitcode 99 prebuilt/check_gpu_pdp > /tmp/z/memcheck-pdp.log 2>&1
  echo "memcheck gpu_pdp tiny rc=$? at $(el) s: $(grep -E 'ERROR SUMMARY|^[0-9]+%: Checks' /tmp/z/memcheck-pdp.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
(CK_FORK=no CK_DEFAULT_TIMEOUT=1200 CK_RUN_CASE=sweep GTSV_GPU_TEST_SMALL=2 timeout $B compute-sanitizer --tool racecheck --error-exitcode 99 prebuilt/check_gpu_pdp > /tmp/z/racecheck-sweep.log 2>&1
  echo "racecheck sweep tiny rc=$? at $(el) s: $(grep -E 'RACECHECK SUMMARY|^[0-9]+%: Checks' /tmp/z/racecheck-sweep.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
wait
cat /tmp/z/status.txt
grep -hE "FAIL|failures; first" /tmp/z/check_gpu*.log /tmp/z/memcheck-pdp.log /tmp/z/racecheck-sweep.log | head -8 | cut -c1-600
grep -h "check_gpu_pdp: sweep" /tmp/z/check_gpu_pdp.log | head -20
for f in /tmp/z/single-*-r1.md; do echo "== $f"; grep -E "PDP" $f | grep -v "2^20"; done
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
