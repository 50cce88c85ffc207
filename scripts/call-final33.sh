# Session 33, device call 2: the final library (tile column layout, float strided M = 16 up
# to n = 256). Issue 6's table (strided and interleaved batches of 2^24 rows, n = 64..4096,
# and 512 x 512, both precisions, cuSPARSE in the same runs); n = 2048 and 4096 (the GPU
# SPIKE's base kernel changed layout) against prebuilt/gtsv-gpu-bench-old (the batch_tile
# units of 70fa701), order old, new; issue 5's single-system table (PDP, SPIKE_DP, gtsv2);
# ncu's shared-memory tables of one tile_kernel at n = 64 (float, double); then
# check_gpu_batch in full and racecheck of its tilespec case.
set -u
source scripts/device-prologue.sh
for s in "512 512" "64" "128" "256" "512" "1024" "2048" "4096"; do
  [ "$(left)" -gt 300 ] || { echo "table cut at $(el) s"; break; }
  set -- $s
  f=/tmp/z/table-$1x${2:-def}-$(el).md
  timeout 60 prebuilt/gtsv-gpu-bench-base --only batch --n $1 ${2:+--batch $2} --prec both --reps 20 \
    --md $f --commit "${GTSV_COMMIT:-unknown}" > /tmp/z/last.log 2>&1
  echo "n=$1 batch=${2:-2^24/n} rc=$? at $(el) s"
done
for v in old base; do
  for n in 2048 4096; do
    [ "$(left)" -gt 240 ] || { echo "ab cut at $(el) s"; break 2; }
    f=/tmp/z/ab-$v-$n-$(el).md
    timeout 60 prebuilt/gtsv-gpu-bench-$v --only batch --n $n --prec both --reps 20 \
      --md $f --commit "${GTSV_COMMIT:-unknown}-$v" > /tmp/z/last.log 2>&1
    echo "ab $v n=$n rc=$? at $(el) s"
  done
done
timeout 90 prebuilt/gtsv-gpu-bench-base --only single --prec both --reps 10 --md /tmp/z/single.md \
  --commit "${GTSV_COMMIT:-unknown}" > /tmp/z/single.log 2>&1
echo "single rc=$? at $(el) s"
for pr in s d; do
  timeout 60 ncu --section MemoryWorkloadAnalysis_Tables -k regex:tile_kernel -c 1 prebuilt/gtsv-gpu-bench-base \
    --only batch --n 64 --prec $pr --reps 1 > /tmp/z/ncu-smem-$pr.log 2>&1
  echo "ncu smem $pr rc=$? at $(el) s"
done
B=$(( $(left) - 10 ))
(CK_FORK=no CK_DEFAULT_TIMEOUT=1200 timeout $B prebuilt/check_gpu_batch > /tmp/z/check_gpu_batch.log 2>&1; echo "check_gpu_batch rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/check_gpu_batch.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
(CK_FORK=no CK_DEFAULT_TIMEOUT=1200 CK_RUN_CASE=tilespec GTSV_GPU_TEST_SMALL=1 timeout $B compute-sanitizer --tool racecheck --error-exitcode 99 prebuilt/check_gpu_batch > /tmp/z/racecheck-tilespec.log 2>&1; echo "racecheck tilespec rc=$? at $(el) s: $(grep -E 'RACECHECK SUMMARY|^[0-9]+%: Checks' /tmp/z/racecheck-tilespec.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
wait
cat /tmp/z/status.txt
grep -hE "[0-9]+: .*(Failure|Error)|failures; first" /tmp/z/check_gpu*.log | head -8 | cut -c1-300
grep -hE "random \| (gtsv strided_batch|gtsv strided_batch \(graph\)) \|" /tmp/z/table-*.md | cut -c1-150
grep -hE "\| (gtsv strided_batch|gtsv strided, tile M=16|gtsv strided, tile M=32) \|" /tmp/z/table-*.md | grep float | grep -v 512x512 | cut -c1-110
grep -hE "\| gtsv strided_batch \|" /tmp/z/ab-*.md | cut -c1-110
grep -E "\| (cusparse gtsv2|gtsv PDP|gtsv SPIKE_DP) \|" /tmp/z/single.md | cut -c1-110
grep -hiE "shared|bank" /tmp/z/ncu-smem-*.log | head -24 | cut -c1-160
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
