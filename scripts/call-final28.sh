# Session 28, device call 8: the five GPU tests of the final tree at once (the info keys'
# change touches every device path: each reports into the key gtsv__cuda_info gives it),
# with compute-sanitizer memcheck of check_gpu_batch's device case (GTSV_GPU_TEST_SMALL=1,
# its new info_keys_between_solves among them) beside them, time-boxed.
set -u
source scripts/device-prologue.sh
B=$(( $(left) - 10 ))
for t in check_gpu_batch check_gpu check_gpu_spike check_gpu_pdp check_gpu_arcr; do
  (CK_FORK=no CK_DEFAULT_TIMEOUT=1200 timeout $B prebuilt/$t > /tmp/z/$t.log 2>&1; echo "$t rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/$t.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
done
(GTSV_GPU_TEST_SMALL=1 CK_FORK=no CK_DEFAULT_TIMEOUT=1200 CK_RUN_CASE=device timeout $B \
   compute-sanitizer --tool memcheck --error-exitcode 99 prebuilt/check_gpu_batch > /tmp/z/memcheck-batch.log 2>&1
 echo "memcheck check_gpu_batch (device, small) rc=$? at $(el) s: $(grep -E 'ERROR SUMMARY|Checks' /tmp/z/memcheck-batch.log | tail -2 | tr '\n' ' ')" >> /tmp/z/status.txt) &
wait
cat /tmp/z/status.txt
grep -hE "^check_gpu_pdp:" /tmp/z/check_gpu_pdp.log | head -4 | cut -c1-200
grep -hE "[0-9]+: .*(Failure|Error)" /tmp/z/check_gpu*.log | head -8 | cut -c1-400
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
