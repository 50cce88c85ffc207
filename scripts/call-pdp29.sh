# Session 29, device call 7: check_gpu_pdp and check_gpu_arcr at the final library (last
# run at 19ed304, session 28), in parallel.
set -u
source scripts/device-prologue.sh
B=$(( $(left) - 10 ))
for t in check_gpu_pdp check_gpu_arcr; do
  (CK_FORK=no CK_DEFAULT_TIMEOUT=1200 timeout $B prebuilt/$t > /tmp/z/$t.log 2>&1; echo "$t rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/$t.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
done
wait
cat /tmp/z/status.txt
grep -hE "[0-9]+: .*(Failure|Error)|failures; first" /tmp/z/check_*.log | head -8 | cut -c1-400
grep -h "check_gpu_pdp:" /tmp/z/check_gpu_pdp.log | head
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
