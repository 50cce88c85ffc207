# Session 34, device call 5: the GPU tests on the final library (2f9af79's sources; its
# code is 0694e02's, whose check_gpu_batch and check_gpu_spike passed in call 3):
# check_gpu, check_gpu_arcr, check_gpu_spike and check_gpu_pdp in parallel.
set -u
source scripts/device-prologue.sh
B=$(( $(left) - 10 ))
for t in check_gpu check_gpu_arcr check_gpu_spike check_gpu_pdp; do
  (CK_FORK=no CK_DEFAULT_TIMEOUT=1200 timeout $B prebuilt/$t > /tmp/z/$t.log 2>&1; echo "$t rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/$t.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
done
wait
cat /tmp/z/status.txt
grep -hE "[0-9]+: .*(Failure|Error)|failures; first" /tmp/z/check_gpu*.log | head -8 | cut -c1-300
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
