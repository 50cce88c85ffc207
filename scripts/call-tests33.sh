# Session 33, device call 8: the final library's GPU tests (check_gpu, check_gpu_spike,
# check_gpu_batch) side by side, with the float strided M choice of 1d86bc5 that calls 1's
# check_gpu and check_gpu_spike did not yet have.
set -u
source scripts/device-prologue.sh
B=$(( $(left) - 10 ))
for t in check_gpu check_gpu_spike check_gpu_batch; do
  (CK_FORK=no CK_DEFAULT_TIMEOUT=1200 timeout $B prebuilt/$t > /tmp/z/$t.log 2>&1; echo "$t rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/$t.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
done
wait
cat /tmp/z/status.txt
grep -hE "[0-9]+: .*(Failure|Error)|failures; first" /tmp/z/check_gpu*.log | head -8 | cut -c1-300
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
