# Session 28, device call 4: (1) what the per-solve info reset (a cudaMemsetAsync node
# before each device solve, src/cuda/device.cu) costs a small batch: the benchmark as
# built (base) against one built without the memset (noreset; a measurement only, its
# info is stale), 512 x 512 and 128 x 2048 with graph rows, in the order base, noreset,
# base, noreset. (2) racecheck of check_gpu_pdp's spec and forget cases (HEAD's code;
# cut at 100 s in session 27), side by side after the benchmark, time-boxed.
set -u
source scripts/device-prologue.sh
for v in base noreset base noreset; do
  for s in "512 512" "128 2048"; do
    set -- $s
    f=/tmp/z/$v-$1x$2-$(el).md
    timeout 60 prebuilt/gtsv-gpu-bench-$v --only batch --n $1 --batch $2 --prec both --reps 20 --md $f \
      --commit "${GTSV_COMMIT:-unknown}-$v" > /tmp/z/last.log 2>&1
    echo "$v $1x$2 rc=$? at $(el) s: $(grep -hE '\| gtsv strided_batch( \(graph\))? \||gtsv2StridedBatch \(graph\)' $f | awk -F'|' '{printf "%s|%s %s |", $2, $3, $4}')"
  done
done
B=$(( $(left) - 15 ))
for c in spec forget; do
  (GTSV_GPU_TEST_SMALL=2 CK_FORK=no CK_DEFAULT_TIMEOUT=1200 CK_RUN_CASE=$c timeout $B \
     compute-sanitizer --tool racecheck --error-exitcode 99 prebuilt/check_gpu_pdp > /tmp/z/racecheck-$c.log 2>&1
   echo "racecheck check_gpu_pdp ($c, GTSV_GPU_TEST_SMALL=2) rc=$? at $(el) s: $(grep -E 'RACECHECK SUMMARY|Checks' /tmp/z/racecheck-$c.log | tail -2 | tr '\n' ' ')" >> /tmp/z/status.txt) &
done
wait
cat /tmp/z/status.txt
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
