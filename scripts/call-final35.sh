# Session 35, device call 3: issue 6's table with the final library (the row sweep,
# GTSV_TILE_ROWS=1, the default), both precisions, strided and interleaved, n = 64..4096
# and 512 x 512; then its GPU tests (check_gpu_batch, check_gpu_spike, check_gpu) and
# compute-sanitizer racecheck and memcheck of check_gpu_batch's tilespec case at the
# small level (the speculative kernel, block_np among it).
set -u
source scripts/device-prologue.sh
for s in "512 512" "64" "128" "256" "512" "1024" "2048" "4096"; do
  [ "$(left)" -gt 330 ] || { echo "table cut at $(el) s"; break; }
  set -- $s
  timeout 60 prebuilt/gtsv-gpu-bench-base --only batch --n $1 ${2:+--batch $2} --prec both --reps 20 \
    --md /tmp/z/table-$1x${2:-def}-$(el).md --commit "${GTSV_COMMIT:-unknown}" > /tmp/z/last.log 2>&1
  echo "table n=$1 batch=${2:-2^24/n} rc=$? at $(el) s"
done
B=$(( $(left) - 10 ))
for t in check_gpu_batch check_gpu_spike check_gpu; do
  (CK_FORK=no CK_DEFAULT_TIMEOUT=1200 timeout $B prebuilt/$t > /tmp/z/$t.log 2>&1; echo "$t rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/$t.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
done
for tool in racecheck memcheck; do
  (CK_FORK=no CK_DEFAULT_TIMEOUT=1200 CK_RUN_CASE=tilespec GTSV_GPU_TEST_SMALL=1 timeout $B compute-sanitizer --tool $tool --error-exitcode 99 prebuilt/check_gpu_batch > /tmp/z/$tool-tilespec.log 2>&1; echo "$tool tilespec rc=$? at $(el) s: $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY|^[0-9]+%: Checks' /tmp/z/$tool-tilespec.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
done
wait
cat /tmp/z/status.txt
grep -hE "[0-9]+: .*(Failure|Error)|failures; first" /tmp/z/check_gpu*.log /tmp/z/*-tilespec.log | head -8 | cut -c1-400
echo "== table"
grep -hE "(random|dominant) \| (gtsv strided_batch|gtsv strided_batch \(graph\)|gtsv interleaved_batch) \|" /tmp/z/table-*.md | cut -c1-150
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
