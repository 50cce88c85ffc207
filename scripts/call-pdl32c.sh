# Session 32, device call 5: the final library. Programmatic launches with the trigger
# chosen by the grid (GTSV_TILE_PDL=1, the default: at once, or at exit where a next
# solve's blocks would fit beside this one's only in part) against ordinary launches
# (=0), order 1, 0, 1, 0: one-wave strided batches (graph rows, both precisions) and
# short single systems (--only short); then check_gpu_batch, check_gpu, check_gpu_spike.
set -u
source scripts/device-prologue.sh
for v in 1 0 1 0; do
  for s in "512 512" "256 512" "1024 256" "128 2048"; do
    [ "$(left)" -gt 200 ] || { echo "bench cut at $(el) s"; break 2; }
    set -- $s
    f=/tmp/z/pdl$v-$1x$2-$(el).md
    GTSV_TILE_PDL=$v timeout 60 prebuilt/gtsv-gpu-bench-base --only batch --n $1 --batch $2 --prec both --reps 20 --md $f \
      --commit "${GTSV_COMMIT:-unknown}-pdl$v" > /tmp/z/last.log 2>&1
    echo "pdl$v $1x$2 rc=$? at $(el) s"
  done
  for n in 64 512; do
    f=/tmp/z/short$v-$n-$(el).md
    GTSV_TILE_PDL=$v timeout 60 prebuilt/gtsv-gpu-bench-base --only short --n $n --prec d --reps 20 --md $f \
      --commit "${GTSV_COMMIT:-unknown}-pdl$v" > /tmp/z/last.log 2>&1
    echo "short pdl$v $n rc=$? at $(el) s"
  done
done
B=$(( $(left) - 10 ))
for t in check_gpu_batch check_gpu check_gpu_spike; do
  (CK_FORK=no CK_DEFAULT_TIMEOUT=1200 timeout $B prebuilt/$t > /tmp/z/$t.log 2>&1; echo "$t rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/$t.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
done
wait
cat /tmp/z/status.txt
grep -hE "[0-9]+: .*(Failure|Error)|failures; first" /tmp/z/check_gpu*.log | head -8 | cut -c1-300
echo "== us a solve in a graph (pdl 1 / 0): shape | row | variant: time residual"
for f in /tmp/z/pdl*.md /tmp/z/short*.md; do
  b=$(basename $f .md); v=${b%%-*}
  grep -hE "\| gtsv strided_batch \(graph\) \||graph" $f | grep -vE "cusparse|launch floor|one-level|attempts only|no cyclic|in turn" | awk -F'|' -v v="$v" '{printf "%s|%s|%s %s\n", $2 "|" $3, v, $4, $7}'
done | sort -t'|' -k1,2 -s | awk -F'|' '{k=$1"|"$2; a[k]=a[k]" "$3":"$4} END{for(k in a) print k, a[k]}' | sort | sed 's/  */ /g'
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
