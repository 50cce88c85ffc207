# Session 29, device call 5: AUTO's on-chip path for 65..1024 rows with up to 1024 columns
# (gtsv__?_batch_cols). The --only short table (columns 1..1024 beyond n = 64, the paths
# before it through the knob in the same run), check_gpu_batch (auto_short_matrix: 1, 3
# and 40 columns), check_gpu, check_lapack with every call offloaded, and memcheck of the
# nrhs case.
set -u
source scripts/device-prologue.sh
SO=/work/main/build/src/lapack
mkdir -p $SO 2>/dev/null && cp prebuilt/lib/libgtsv_lapack.so.0.1.0 $SO/ && echo "shim at $SO" || echo "cannot write $SO"
timeout 200 prebuilt/gtsv-gpu-bench-base --only short --prec both --reps 20 \
  --md /tmp/z/short.md --commit "${GTSV_COMMIT:-unknown}" > /tmp/z/bench.log 2>&1
echo "bench rc=$? at $(el) s"
B=$(( $(left) - 10 ))
for t in check_gpu_batch check_gpu; do
  (CK_FORK=no CK_DEFAULT_TIMEOUT=1200 timeout $B prebuilt/$t > /tmp/z/$t.log 2>&1; echo "$t rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/$t.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
done
(CK_FORK=no CK_DEFAULT_TIMEOUT=1200 GTSV_LAPACK_GPU_MIN_N=1 timeout $B prebuilt/check_lapack > /tmp/z/check_lapack.log 2>&1; echo "check_lapack offload rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/check_lapack.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
(CK_RUN_CASE=nrhs CK_FORK=no CK_DEFAULT_TIMEOUT=1200 GTSV_GPU_TEST_SMALL=1 timeout $B \
   compute-sanitizer --tool memcheck prebuilt/check_gpu_batch > /tmp/z/mem_nrhs.log 2>&1
 echo "memcheck nrhs rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks|ERROR SUMMARY' /tmp/z/mem_nrhs.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
wait
cat /tmp/z/status.txt
grep -hE "[0-9]+: .*(Failure|Error)|failures; first" /tmp/z/check_*.log /tmp/z/mem_nrhs.log | head -8 | cut -c1-400
grep -h "AUTO 65\|nrhs: factored" /tmp/z/check_gpu_batch.log
echo "done at $(el) s"
grep -E "^\| short" /tmp/z/short.md | grep -E "n=(128|256|512|1024|2048) " | grep -E "graph" | awk -F'|' '{printf "%-28s %-30s %8s %10s\n",$2,$3,$4,$7}'
cd /tmp/z && tar czf $FINAL/z.tgz .
