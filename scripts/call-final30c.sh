# Session 30, device call 9: the final library (nrhs_fused in runs of 8 rows; AUTO fused in
# both precisions but float n <= 64 with more than 1024 columns).
# --only short (both precisions), then check_gpu_batch, check_gpu, check_lapack offloaded and
# compute-sanitizer memcheck / racecheck of check_gpu_batch's nrhs case, side by side.
set -u
source scripts/device-prologue.sh
SO=/work/main/build/src/lapack
mkdir -p $SO 2>/dev/null && cp prebuilt/lib/libgtsv_lapack.so.0.1.0 $SO/ && echo "shim at $SO" || echo "cannot write $SO"
timeout 150 prebuilt/gtsv-gpu-bench-base --only short --prec both --reps 20 \
  --md /tmp/z/short.md --commit "${GTSV_COMMIT:-unknown}" > /tmp/z/bench.log 2>&1
echo "bench short rc=$? at $(el) s"
B=$(( $(left) - 10 ))
for t in check_gpu_batch check_gpu; do
  (CK_FORK=no CK_DEFAULT_TIMEOUT=1200 timeout $B prebuilt/$t > /tmp/z/$t.log 2>&1; echo "$t rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/$t.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
done
(CK_FORK=no CK_DEFAULT_TIMEOUT=1200 GTSV_LAPACK_GPU_MIN_N=1 timeout $B prebuilt/check_lapack > /tmp/z/check_lapack.log 2>&1; echo "check_lapack offload rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/check_lapack.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
for tool in memcheck racecheck; do
  (CK_FORK=no CK_DEFAULT_TIMEOUT=1200 CK_RUN_CASE=nrhs GTSV_GPU_TEST_SMALL=1 timeout $B compute-sanitizer --tool $tool --error-exitcode 99 prebuilt/check_gpu_batch > /tmp/z/$tool-nrhs.log 2>&1; echo "$tool nrhs rc=$? at $(el) s: $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY|^[0-9]+%: Checks' /tmp/z/$tool-nrhs.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
done
wait
cat /tmp/z/status.txt
grep -hE "[0-9]+: .*(Failure|Error)|failures; first" /tmp/z/check_*.log | head -8 | cut -c1-400
grep -h "gtsv nrhs\|AUTO 65" /tmp/z/check_gpu_batch.log
echo "done at $(el) s"
for p in double float; do
  grep -E "^\| short $p n=(8|16|32|64|128|1024) nrhs=(4|16|32|64|1024|65536) " /tmp/z/short.md | grep "AUTO (graph)" | awk -F"|" '{printf "%-28s %8s %10s\n",$2,$4,$7}'
done
cd /tmp/z && tar czf $FINAL/z.tgz .
