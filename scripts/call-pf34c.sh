# Session 34, device call 3: the final default of tile_kernel's prefetch (half a wave
# ahead; rows contiguous, columns of >= 128 bytes an array, n >= 128, more than one wave).
# Issue 6's table with this library (strided and interleaved, n = 64..4096 and 512 x 512,
# both precisions); default against GTSV_TILE_PF=0 at the shapes whose default changed
# since call 2 (double n = 128: now on; float n = 256: now off) and at double n = 1024;
# then check_gpu_batch in full and check_gpu_spike.
set -u
source scripts/device-prologue.sh
for s in "512 512" "64" "128" "256" "512" "1024" "2048" "4096"; do
  [ "$(left)" -gt 330 ] || { echo "table cut at $(el) s"; break; }
  set -- $s
  timeout 60 prebuilt/gtsv-gpu-bench-base --only batch --n $1 ${2:+--batch $2} --prec both --reps 20 \
    --md /tmp/z/table-$1x${2:-def}-$(el).md --commit "${GTSV_COMMIT:-unknown}" > /tmp/z/last.log 2>&1
  echo "table n=$1 batch=${2:-2^24/n} rc=$? at $(el) s"
done
for s in "128 d" "256 s" "1024 d"; do
  set -- $s
  for v in off def; do
    [ "$(left)" -gt 260 ] || { echo "ab cut at $(el) s"; break 2; }
    e=""; [ $v = off ] && e=GTSV_TILE_PF=0
    env $e timeout 60 prebuilt/gtsv-gpu-bench-base --only batch --n $1 --prec $2 --reps 20 \
      --md /tmp/z/ab-$v-$2-$1-$(el).md --commit "${GTSV_COMMIT:-unknown}-$v" > /tmp/z/last.log 2>&1
    echo "ab $v $2 n=$1 rc=$? at $(el) s"
  done
done
B=$(( $(left) - 10 ))
for t in check_gpu_batch check_gpu_spike; do
  (CK_FORK=no CK_DEFAULT_TIMEOUT=1200 timeout $B prebuilt/$t > /tmp/z/$t.log 2>&1; echo "$t rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/$t.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
done
wait
cat /tmp/z/status.txt
grep -hE "[0-9]+: .*(Failure|Error)|failures; first" /tmp/z/check_gpu*.log | head -8 | cut -c1-300
echo "== ab"
for f in /tmp/z/ab-*.md; do echo "$(basename $f): $(grep -hE '(random|dominant) \| gtsv strided_batch \|' $f | cut -d'|' -f2,4,5 | tr '\n' ' ')"; done
echo "== table"
grep -hE "(random|dominant) \| (gtsv strided_batch|gtsv strided_batch \(graph\)) \|" /tmp/z/table-*.md | cut -c1-150
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
