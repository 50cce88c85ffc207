# Session 32, device call 6: the final library's remaining GPU tests. check_gpu_pdp and
# check_gpu_arcr (not run since spike.cu's PDL helpers moved to cuda/pdl.h), and
# compute-sanitizer memcheck and racecheck of check_gpu_batch's tilepdl case (chained
# solves, programmatic launches) and tilespec case (GTSV_GPU_TEST_SMALL=1), side by side.
set -u
source scripts/device-prologue.sh
B=$(( $(left) - 10 ))
for t in check_gpu_pdp check_gpu_arcr; do
  (CK_FORK=no CK_DEFAULT_TIMEOUT=1200 timeout $B prebuilt/$t > /tmp/z/$t.log 2>&1; echo "$t rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/$t.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
done
for c in tilepdl tilespec; do
  for tool in memcheck racecheck; do
    (CK_FORK=no CK_DEFAULT_TIMEOUT=1200 CK_RUN_CASE=$c GTSV_GPU_TEST_SMALL=1 timeout $B compute-sanitizer --tool $tool --error-exitcode 99 prebuilt/check_gpu_batch > /tmp/z/$tool-$c.log 2>&1; echo "$tool $c rc=$? at $(el) s: $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY|^[0-9]+%: Checks' /tmp/z/$tool-$c.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
  done
done
wait
cat /tmp/z/status.txt
grep -hE "[0-9]+: .*(Failure|Error)|failures; first" /tmp/z/*.log | head -8 | cut -c1-300
grep -h -A2 "Race reported\|Invalid\|Program hit" /tmp/z/*check-*.log | head -8 | cut -c1-300
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
