# Session 31, device call 4: the final library (block_np with block barriers; piv_block
# reverted). block_np on one-wave batches, GTSV_TILE_BNP=1 / 0 / 1 / 0 (graph rows, both
# precisions); then check_gpu_batch (every case), check_gpu, check_gpu_spike, and
# compute-sanitizer racecheck + memcheck of check_gpu_batch's tilespec case
# (GTSV_GPU_TEST_SMALL=1), side by side.
set -u
source scripts/device-prologue.sh
for v in 1 0 1 0; do
  for s in "512 512" "1024 256" "300 512"; do
    [ "$(left)" -gt 330 ] || { echo "bnp cut at $(el) s"; break 2; }
    set -- $s
    f=/tmp/z/bnp$v-$1x$2-$(el).md
    GTSV_TILE_BNP=$v timeout 60 prebuilt/gtsv-gpu-bench-base --only batch --n $1 --batch $2 --prec both --reps 20 --md $f \
      --commit "${GTSV_COMMIT:-unknown}-bnp$v" > /tmp/z/last.log 2>&1
    echo "bnp$v $1x$2 rc=$? at $(el) s"
  done
done
B=$(( $(left) - 10 ))
for t in check_gpu_batch check_gpu check_gpu_spike; do
  (CK_FORK=no CK_DEFAULT_TIMEOUT=1200 timeout $B prebuilt/$t > /tmp/z/$t.log 2>&1; echo "$t rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/$t.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
done
for tool in racecheck memcheck; do
  (CK_FORK=no CK_DEFAULT_TIMEOUT=1200 CK_RUN_CASE=tilespec GTSV_GPU_TEST_SMALL=1 timeout $B compute-sanitizer --tool $tool --error-exitcode 99 prebuilt/check_gpu_batch > /tmp/z/$tool-tilespec.log 2>&1; echo "$tool tilespec rc=$? at $(el) s: $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY|^[0-9]+%: Checks' /tmp/z/$tool-tilespec.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
done
wait
cat /tmp/z/status.txt
grep -hE "[0-9]+: .*(Failure|Error)|failures; first" /tmp/z/check_gpu*.log | head -8 | cut -c1-400
grep -h -A1 "Race reported" /tmp/z/racecheck-tilespec.log | head -4 | cut -c1-300
echo "== bnp 1 / 0 (graph ms, residual): strided_batch, retries in turn, gtsv2StridedBatch"
for f in /tmp/z/bnp*.md; do
  b=$(basename $f .md); v=${b%%-*}
  grep -hE "\| gtsv strided_batch \(graph\) \||retries in turn \(graph\)|gtsv2StridedBatch \(graph\)|launch floor" $f | awk -F'|' -v v="$v" '{printf "%s|%s|%s\n", $2 "|" $3, v, $4 " " $7}'
done | sort | awk -F'|' '{k=$1"|"$2; a[k]=a[k]" "$3":"$4} END{for(k in a) print k, a[k]}' | sort | sed 's/  */ /g'
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
