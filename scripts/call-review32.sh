# Session 32, device call 8: after the review (batch.cu launches through cuda/pdl.h's
# launch_pdl instead of its own copy of the attribute setup): check_gpu (DP_SEQ batches),
# check_gpu_spike (the gated fallback) and check_gpu_batch's tilepdl case (a DP_SEQ solve
# in each chain), side by side.
set -u
source scripts/device-prologue.sh
B=$(( $(left) - 10 ))
for t in check_gpu check_gpu_spike; do
  (CK_FORK=no CK_DEFAULT_TIMEOUT=1200 timeout $B prebuilt/$t > /tmp/z/$t.log 2>&1; echo "$t rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/$t.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
done
(CK_FORK=no CK_RUN_CASE=tilepdl timeout $B prebuilt/check_gpu_batch > /tmp/z/tilepdl.log 2>&1; echo "check_gpu_batch tilepdl rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/tilepdl.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
wait
cat /tmp/z/status.txt
grep -hE "[0-9]+: .*(Failure|Error)|failures; first" /tmp/z/*.log | head -5 | cut -c1-300
cd /tmp/z && tar czf $FINAL/z.tgz .
