# Session 29, device call 6: the final library (AUTO on chip only where it took the GPU
# SPIKE). The --only short table, the 512 x 512 graph rows (the benchmark's graph timing
# now one helper, graph_ms), check_gpu_batch, check_gpu, check_gpu_spike and check_lapack
# with every call offloaded.
set -u
source scripts/device-prologue.sh
SO=/work/main/build/src/lapack
mkdir -p $SO 2>/dev/null && cp prebuilt/lib/libgtsv_lapack.so.0.1.0 $SO/ && echo "shim at $SO" || echo "cannot write $SO"
timeout 200 prebuilt/gtsv-gpu-bench-base --only short --prec both --reps 20 \
  --md /tmp/z/short.md --commit "${GTSV_COMMIT:-unknown}" > /tmp/z/bench.log 2>&1
echo "bench short rc=$? at $(el) s"
timeout 60 prebuilt/gtsv-gpu-bench-base --only batch --n 512 --batch 512 --prec d --reps 20 \
  --md /tmp/z/b512x512.md --commit "${GTSV_COMMIT:-unknown}" > /tmp/z/bench512.log 2>&1
echo "bench 512 rc=$? at $(el) s"
B=$(( $(left) - 10 ))
for t in check_gpu_batch check_gpu check_gpu_spike; do
  (CK_FORK=no CK_DEFAULT_TIMEOUT=1200 timeout $B prebuilt/$t > /tmp/z/$t.log 2>&1; echo "$t rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/$t.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
done
(CK_FORK=no CK_DEFAULT_TIMEOUT=1200 GTSV_LAPACK_GPU_MIN_N=1 timeout $B prebuilt/check_lapack > /tmp/z/check_lapack.log 2>&1; echo "check_lapack offload rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/check_lapack.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
wait
cat /tmp/z/status.txt
grep -hE "[0-9]+: .*(Failure|Error)|failures; first" /tmp/z/check_*.log | head -8 | cut -c1-400
grep -h "AUTO 65\|nrhs: factored" /tmp/z/check_gpu_batch.log
echo "done at $(el) s"
grep -hE '\| gtsv strided_batch( \(graph\))? \||gtsv2StridedBatch \(graph\)' /tmp/z/b512x512.md | cut -c1-110
grep -E "^\| short" /tmp/z/short.md | grep -E "double" | grep -E "nrhs=(1|4|64|256) " | grep -E "graph" | awk -F'|' '{printf "%-28s %-30s %8s %10s\n",$2,$3,$4,$7}'
cd /tmp/z && tar czf $FINAL/z.tgz .
