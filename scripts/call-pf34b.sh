# Session 34, device call 2: the library with tile_kernel's prefetch on by default (half a
# wave ahead for rows-contiguous batches of n >= 256 taking more than one wave). (a) Its
# distance: default (unset), off (GTSV_TILE_PF=0) and a quarter wave (429 blocks at M = 16,
# 198 at n = 1024), double n = 256, 512, 1024; n = 128 (default off) against 858 ahead;
# float n = 256, 512, 1024 default against off. (b) Issue 6's table with this library
# (strided and interleaved, n = 64..4096 and 512 x 512, both precisions). (c) the GPU
# tests: check_gpu_batch, check_gpu, check_gpu_spike, check_gpu_pdp; memcheck of
# check_gpu_batch's small level with the prefetch forced on (GTSV_TILE_PF=3).
set -u
source scripts/device-prologue.sh
run() { # tag n prec [env]
  [ "$(left)" -gt 300 ] || { echo "cut: $1 $2 $3 at $(el) s"; return; }
  env ${4:-} timeout 60 prebuilt/gtsv-gpu-bench-base --only batch --n $2 --prec $3 --reps 20 \
    --md /tmp/z/t-$1-$3-$2-$(el).md --commit "${GTSV_COMMIT:-unknown}-$1" > /tmp/z/last.log 2>&1
  echo "$1 $3 n=$2 rc=$? at $(el) s"
}
for n in 256 512 1024; do
  q=429; [ $n = 1024 ] && q=198
  run def $n d; run off $n d GTSV_TILE_PF=0; run q $n d GTSV_TILE_PF=$q; run def $n d; run off $n d GTSV_TILE_PF=0
done
run def 128 d; run p858 128 d GTSV_TILE_PF=858; run def 128 d
for n in 256 512 1024; do run def $n s; run off $n s GTSV_TILE_PF=0; run def $n s; done
for s in "512 512" "64" "128" "256" "512" "1024" "2048" "4096"; do
  [ "$(left)" -gt 280 ] || { echo "table cut at $(el) s"; break; }
  set -- $s
  timeout 60 prebuilt/gtsv-gpu-bench-base --only batch --n $1 ${2:+--batch $2} --prec both --reps 20 \
    --md /tmp/z/table-$1x${2:-def}-$(el).md --commit "${GTSV_COMMIT:-unknown}" > /tmp/z/last.log 2>&1
  echo "table n=$1 batch=${2:-2^24/n} rc=$? at $(el) s"
done
B=$(( $(left) - 10 ))
for t in check_gpu_batch check_gpu check_gpu_spike check_gpu_pdp; do
  (CK_FORK=no CK_DEFAULT_TIMEOUT=1200 timeout $B prebuilt/$t > /tmp/z/$t.log 2>&1; echo "$t rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/$t.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
done
(CK_FORK=no CK_DEFAULT_TIMEOUT=1200 GTSV_GPU_TEST_SMALL=1 GTSV_TILE_PF=3 timeout $B compute-sanitizer --tool memcheck --error-exitcode 99 prebuilt/check_gpu_batch > /tmp/z/memcheck-batch-pf3.log 2>&1; echo "memcheck check_gpu_batch small PF=3 rc=$? at $(el) s: $(grep -E 'ERROR SUMMARY|^[0-9]+%: Checks' /tmp/z/memcheck-batch-pf3.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
wait
cat /tmp/z/status.txt
grep -hE "[0-9]+: .*(Failure|Error)|failures; first" /tmp/z/check_gpu*.log | head -8 | cut -c1-300
echo "== tuning: shape | solver | tag: ms E"
for f in /tmp/z/t-*.md; do
  b=$(basename $f .md); v=${b#t-}; v=${v%%-*}
  grep -hE "\| gtsv strided_batch \|" $f | awk -F'|' -v v="$v" '{printf "%s|%s|%s %s\n", $2 "|" $3, v, $4, $5}'
done | sort -t'|' -k1,2 -s | awk -F'|' '{k=$1"|"$2"|"$3; a[k]=a[k]" "$4} END{for(k in a) print k, a[k]}' | sort | sed 's/  */ /g'
echo "== table"
grep -hE "(random|dominant) \| (gtsv strided_batch|gtsv strided_batch \(graph\)) \|" /tmp/z/table-*.md | cut -c1-150
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
