# Session 33, device call 9: float M = 16 tiles loaded and stored with columns j and j + 16
# in one instruction (PairCols; base) against two adjacent columns (prev: 4802f5f's
# library), order base, prev, base, prev: float strided batches of 2^24 rows, n = 64, 128,
# 256, and 512 x 512; then check_gpu_batch.
set -u
source scripts/device-prologue.sh
for v in base prev base prev; do
  for s in "64" "128" "256" "512 512"; do
    [ "$(left)" -gt 120 ] || { echo "cut at $(el) s"; break 2; }
    set -- $s
    f=/tmp/z/$v-$1x${2:-def}-$(el).md
    timeout 60 prebuilt/gtsv-gpu-bench-$v --only batch --n $1 ${2:+--batch $2} --prec s --reps 20 --md $f \
      --commit "${GTSV_COMMIT:-unknown}-$v" > /tmp/z/last.log 2>&1
    echo "$v $1x${2:-def} rc=$? at $(el) s"
  done
done
B=$(( $(left) - 10 ))
(CK_FORK=no CK_DEFAULT_TIMEOUT=1200 timeout $B prebuilt/check_gpu_batch > /tmp/z/check_gpu_batch.log 2>&1; echo "check_gpu_batch rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/check_gpu_batch.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
wait
cat /tmp/z/status.txt
grep -hE "[0-9]+: .*(Failure|Error)|failures; first" /tmp/z/check_gpu*.log | head -8 | cut -c1-300
for f in /tmp/z/base-*.md /tmp/z/prev-*.md; do
  b=$(basename $f .md); v=${b%%-*}
  grep -hE "\| gtsv strided_batch \||\| gtsv strided_batch \(graph\) \|" $f | awk -F'|' -v v="$v" '{printf "%s|%s|%s %s\n", $2 "|" $3, v, $4, $7}'
done | sort -t'|' -k1,2 -s | awk -F'|' '{k=$1"|"$2"|"$3; a[k]=a[k]" "$4} END{for(k in a) print k, a[k]}' | sort | sed 's/  */ /g'
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
