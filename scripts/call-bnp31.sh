# Session 31, device call 2: one-wave strided batches whose systems are strictly dominant,
# one system a block (P = 32), solved by block_np (two warps, 64 partitions, no pivoting)
# in the speculative kernel: GTSV_TILE_BNP=1 (the tree's default) against =0 (as before),
# in the order 1, 0, 1, 0, graph rows; then check_gpu_batch (every case) and
# compute-sanitizer racecheck + memcheck of its tilespec case (GTSV_GPU_TEST_SMALL=1).
set -u
source scripts/device-prologue.sh
for v in 1 0 1 0; do
  for s in "512 512" "256 512" "1024 256" "600 512"; do
    [ "$(left)" -gt 330 ] || { echo "bench cut at $(el) s"; break 2; }
    set -- $s
    f=/tmp/z/bnp$v-$1x$2-$(el).md
    GTSV_TILE_BNP=$v timeout 60 prebuilt/gtsv-gpu-bench-base --only batch --n $1 --batch $2 --prec both --reps 20 --md $f \
      --commit "${GTSV_COMMIT:-unknown}-bnp$v" > /tmp/z/last.log 2>&1
    echo "bnp$v $1x$2 rc=$? at $(el) s"
  done
done
B=$(( $(left) - 10 ))
(CK_FORK=no CK_DEFAULT_TIMEOUT=1200 timeout $B prebuilt/check_gpu_batch > /tmp/z/check_gpu_batch.log 2>&1; echo "check_gpu_batch rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/check_gpu_batch.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
for tool in racecheck memcheck; do
  (CK_FORK=no CK_DEFAULT_TIMEOUT=1200 CK_RUN_CASE=tilespec GTSV_GPU_TEST_SMALL=1 timeout $B compute-sanitizer --tool $tool --error-exitcode 99 prebuilt/check_gpu_batch > /tmp/z/$tool-tilespec.log 2>&1; echo "$tool tilespec rc=$? at $(el) s: $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY|^[0-9]+%: Checks' /tmp/z/$tool-tilespec.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
done
wait
cat /tmp/z/status.txt
grep -hE "[0-9]+: .*(Failure|Error)|failures; first" /tmp/z/check_gpu_batch.log /tmp/z/*-tilespec.log | head -8 | cut -c1-400
echo "== graph us a solve (bnp 1 / 0 alternating): shape | strided_batch | retries in turn | gtsv2StridedBatch | residual"
for f in /tmp/z/bnp*.md; do
  b=$(basename $f .md)
  grep -hE "\| gtsv strided_batch \(graph\) \||retries in turn \(graph\)|gtsv2StridedBatch \(graph\)" $f | awk -F'|' -v b="$b" '{printf "%s %s %s %s %s\n", b, $2, $3, $4, $7}'
done | sort -k2,3 -s
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
