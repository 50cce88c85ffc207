# Session 30, device call 7: nrhs_fused with the padded matrix (no guards a row). --only
# short (both precisions), then check_gpu_batch (fused and two kernels bitwise) and
# compute-sanitizer memcheck of its nrhs case, side by side.
set -u
source scripts/device-prologue.sh
timeout 150 prebuilt/gtsv-gpu-bench-base --only short --prec both --reps 20 \
  --md /tmp/z/short.md --commit "${GTSV_COMMIT:-unknown}" > /tmp/z/bench.log 2>&1
echo "bench short rc=$? at $(el) s"
B=$(( $(left) - 10 ))
(CK_FORK=no CK_DEFAULT_TIMEOUT=1200 timeout $B prebuilt/check_gpu_batch > /tmp/z/check_gpu_batch.log 2>&1; echo "check_gpu_batch rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/check_gpu_batch.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
(CK_FORK=no CK_DEFAULT_TIMEOUT=1200 CK_RUN_CASE=nrhs GTSV_GPU_TEST_SMALL=1 timeout $B compute-sanitizer --tool memcheck --error-exitcode 99 prebuilt/check_gpu_batch > /tmp/z/memcheck-nrhs.log 2>&1; echo "memcheck nrhs rc=$? at $(el) s: $(grep -E 'ERROR SUMMARY|^[0-9]+%: Checks' /tmp/z/memcheck-nrhs.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
wait
cat /tmp/z/status.txt
grep -hE "[0-9]+: .*(Failure|Error)|failures; first" /tmp/z/check_*.log | head -8 | cut -c1-400
grep -h "gtsv nrhs" /tmp/z/check_gpu_batch.log
echo "done at $(el) s"
for p in double float; do
  grep -E "^\| short $p n=(64|128|256|1024) nrhs=(4|64|1024|16384|65536) " /tmp/z/short.md | grep -E "fused \(graph|two kernels \(graph|AUTO \(graph" | awk -F"|" '{printf "%-28s %-30s %8s %10s\n",$2,$3,$4,$7}'
done
cd /tmp/z && tar czf $FINAL/z.tgz .
