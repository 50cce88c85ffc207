# Session 33, device call 1: the tile's column layout (each column a lane's M slots of dl,
# d, du, b and one pad slot, stride 4 M + 1: double M = 16 fits 13 one-warp blocks an SM
# instead of 12) against the layout before it (prebuilt/gtsv-gpu-bench-old: the
# batch_tile units of 70fa701), order new, old, new, old: strided/interleaved batches of
# 2^24 rows, n = 64..1024, and one-wave 512 x 512 and 256 x 512, both precisions. Then
# ncu's occupancy section of one tile_kernel launch in each, the GPU tests
# (check_gpu_batch, check_gpu_spike: its base's tile_block_kernel changed layout too;
# check_gpu: batch.cu's gated fallback now through launch_pdl), and memcheck of the
# tilespec case.
set -u
source scripts/device-prologue.sh
for v in base old base old; do
  for s in "64" "128" "256" "512" "1024" "512 512" "256 512"; do
    [ "$(left)" -gt 260 ] || { echo "bench cut at $(el) s"; break 2; }
    set -- $s
    f=/tmp/z/$v-$1x${2:-def}-$(el).md
    timeout 60 prebuilt/gtsv-gpu-bench-$v --only batch --n $1 ${2:+--batch $2} --prec both --reps 20 --md $f \
      --commit "${GTSV_COMMIT:-unknown}-$v" > /tmp/z/last.log 2>&1
    echo "$v $1x${2:-def} rc=$? at $(el) s"
  done
done
for v in base old; do
  timeout 90 ncu --section Occupancy --section LaunchStats -k regex:tile_kernel -c 1 prebuilt/gtsv-gpu-bench-$v \
    --only batch --n 256 --prec d --reps 1 > /tmp/z/ncu-$v.log 2>&1
  echo "ncu $v rc=$? at $(el) s"
done
B=$(( $(left) - 10 ))
for t in check_gpu_batch check_gpu check_gpu_spike; do
  (CK_FORK=no CK_DEFAULT_TIMEOUT=1200 timeout $B prebuilt/$t > /tmp/z/$t.log 2>&1; echo "$t rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/$t.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
done
(CK_FORK=no CK_DEFAULT_TIMEOUT=1200 CK_RUN_CASE=tilespec GTSV_GPU_TEST_SMALL=1 timeout $B compute-sanitizer --tool memcheck --error-exitcode 99 prebuilt/check_gpu_batch > /tmp/z/memcheck-tilespec.log 2>&1; echo "memcheck tilespec rc=$? at $(el) s: $(grep -E 'ERROR SUMMARY|^[0-9]+%: Checks' /tmp/z/memcheck-tilespec.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
wait
cat /tmp/z/status.txt
grep -hE "[0-9]+: .*(Failure|Error)|failures; first" /tmp/z/check_gpu*.log | head -8 | cut -c1-300
grep -hE "Block Limit|Theoretical Occupancy|Registers Per|Shared Memory Configuration Size|Dynamic Shared" /tmp/z/ncu-*.log | head -24
echo "== ms (us a solve in a graph): variant | shape row: times"
for f in /tmp/z/base-*.md /tmp/z/old-*.md; do
  b=$(basename $f .md); v=${b%%-*}
  grep -hE "\| gtsv strided_batch \||\| gtsv strided_batch \(graph\) \||\| gtsv interleaved_batch \|" $f | awk -F'|' -v v="$v" '{printf "%s|%s|%s\n", $2 "|" $3, v, $4}'
done | sort -t'|' -k1,2 -s | awk -F'|' '{k=$1"|"$2"|"$3; a[k]=a[k]" "$4} END{for(k in a) print k, a[k]}' | sort | sed 's/  */ /g'
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
