# Session 29, device call 3: AUTO's short paths as committed (desc.seq with its column
# limits; one column of 65..1024 rows by the on-chip kernel): the --only short table,
# check_gpu_batch (with auto_single_column), check_gpu, and check_lapack with every call
# offloaded (GTSV_LAPACK_GPU_MIN_N=1: the flat 10x-LAPACK bound).
set -u
source scripts/device-prologue.sh
timeout 200 prebuilt/gtsv-gpu-bench-base --only short --prec both --reps 20 \
  --md /tmp/z/short.md --commit "${GTSV_COMMIT:-unknown}" > /tmp/z/bench.log 2>&1
echo "bench rc=$? at $(el) s"
B=$(( $(left) - 10 ))
for t in check_gpu_batch check_gpu; do
  (CK_FORK=no CK_DEFAULT_TIMEOUT=1200 timeout $B prebuilt/$t > /tmp/z/$t.log 2>&1; echo "$t rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/$t.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
done
(CK_FORK=no CK_DEFAULT_TIMEOUT=1200 GTSV_LAPACK_GPU_MIN_N=1 timeout $B prebuilt/check_lapack > /tmp/z/check_lapack.log 2>&1; echo "check_lapack offload rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/check_lapack.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
wait
cat /tmp/z/status.txt
grep -hE "[0-9]+: .*(Failure|Error)|^FAIL|failures; first" /tmp/z/check_*.log | head -8 | cut -c1-400
grep -h "AUTO one column\|nrhs: factored" /tmp/z/check_gpu_batch.log
echo "done at $(el) s"
grep -E "^\| short" /tmp/z/short.md | grep -E "nrhs=1 " | grep -E "graph" | awk -F'|' '{printf "%-26s %-32s %8s %9s %9s\n",$2,$3,$4,$6,$7}'
cd /tmp/z && tar czf $FINAL/z.tgz .
