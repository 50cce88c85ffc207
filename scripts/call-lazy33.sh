# Session 33, device call 6: lazy loads in the speculative kernel's block_np blocks (warps
# 1 and 2 load their copies only once warp 0 has found the system not strictly dominant;
# GTSV_TILE_LAZY=1, the default) against loads at once (=0), order 1, 0, 1, 0, on one-wave
# strided batches of one system a block (512 x 512, 400 x 512, 1024 x 256), both
# precisions, graph rows; then check_gpu_batch in full, and memcheck and racecheck of its
# tilespec case (GTSV_GPU_TEST_SMALL=1).
set -u
source scripts/device-prologue.sh
for v in 1 0 1 0; do
  for s in "512 512" "400 512" "1024 256"; do
    [ "$(left)" -gt 300 ] || { echo "bench cut at $(el) s"; break 2; }
    set -- $s
    f=/tmp/z/lazy$v-$1x$2-$(el).md
    GTSV_TILE_LAZY=$v timeout 60 prebuilt/gtsv-gpu-bench-base --only batch --n $1 --batch $2 --prec both --reps 20 \
      --md $f --commit "${GTSV_COMMIT:-unknown}-lazy$v" > /tmp/z/last.log 2>&1
    echo "lazy$v $1x$2 rc=$? at $(el) s"
  done
done
B=$(( $(left) - 10 ))
(CK_FORK=no CK_DEFAULT_TIMEOUT=1200 timeout $B prebuilt/check_gpu_batch > /tmp/z/check_gpu_batch.log 2>&1; echo "check_gpu_batch rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/check_gpu_batch.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
for tool in memcheck racecheck; do
  (CK_FORK=no CK_DEFAULT_TIMEOUT=1200 CK_RUN_CASE=tilespec GTSV_GPU_TEST_SMALL=1 timeout $B compute-sanitizer --tool $tool --error-exitcode 99 prebuilt/check_gpu_batch > /tmp/z/$tool-tilespec.log 2>&1; echo "$tool tilespec rc=$? at $(el) s: $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY|^[0-9]+%: Checks' /tmp/z/$tool-tilespec.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
done
wait
cat /tmp/z/status.txt
grep -hE "[0-9]+: .*(Failure|Error)|failures; first" /tmp/z/check_gpu*.log /tmp/z/*-tilespec.log | head -8 | cut -c1-300
echo "== us a solve in a graph (lazy 1 / 0): shape | row | variant: time residual"
for f in /tmp/z/lazy*.md; do
  b=$(basename $f .md); v=${b%%-*}
  grep -hE "\| gtsv strided_batch \(graph\) \||retries in turn \(graph\)" $f | awk -F'|' -v v="$v" '{printf "%s|%s|%s %s\n", $2 "|" $3, v, $4, $7}'
done | sort -t'|' -k1,2 -s | awk -F'|' '{k=$1"|"$2"|"$3; a[k]=a[k]" "$4} END{for(k in a) print k, a[k]}' | sort | sed 's/  */ /g'
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
