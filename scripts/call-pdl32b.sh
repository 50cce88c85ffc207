# Session 32, device call 4: the programmatic launch's two forms, GTSV_TILE_PDL=1 (the
# blocks trigger the next kernel's scheduling as soon as they have waited) and =2 (only as
# they exit), against ordinary launches (=0), order 1, 2, 0, 1, 2, 0, on one-wave strided
# batches (graph rows, both precisions) and one large batch; then check_gpu_batch (every
# case; pdl_chained_solves with its copies on the solves' stream, which call 3's lacked)
# and check_gpu, side by side.
set -u
source scripts/device-prologue.sh
for v in 1 2 0 1 2 0; do
  for s in "512 512" "256 512" "1024 256" "128 2048"; do
    [ "$(left)" -gt 200 ] || { echo "bench cut at $(el) s"; break 2; }
    set -- $s
    f=/tmp/z/pdl$v-$1x$2-$(el).md
    GTSV_TILE_PDL=$v timeout 60 prebuilt/gtsv-gpu-bench-base --only batch --n $1 --batch $2 --prec both --reps 20 --md $f \
      --commit "${GTSV_COMMIT:-unknown}-pdl$v" > /tmp/z/last.log 2>&1
    echo "pdl$v $1x$2 rc=$? at $(el) s"
  done
done
for v in 1 2 0; do
  f=/tmp/z/pdl$v-64x262144-$(el).md
  GTSV_TILE_PDL=$v timeout 60 prebuilt/gtsv-gpu-bench-base --only batch --n 64 --batch 262144 --prec d --reps 20 --md $f \
    --commit "${GTSV_COMMIT:-unknown}-pdl$v" > /tmp/z/last.log 2>&1
  echo "pdl$v 64x262144 rc=$? at $(el) s"
done
B=$(( $(left) - 10 ))
for t in check_gpu_batch check_gpu; do
  (CK_FORK=no CK_DEFAULT_TIMEOUT=1200 timeout $B prebuilt/$t > /tmp/z/$t.log 2>&1; echo "$t rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/$t.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
done
wait
cat /tmp/z/status.txt
grep -hE "[0-9]+: .*(Failure|Error)|failures; first" /tmp/z/check_gpu*.log | head -8 | cut -c1-300
grep -h "FAIL: pdl chain" /tmp/z/check_gpu_batch.log | sed 's/.*FAIL: //' | sort | uniq -c | head -20
echo "== us a solve in a graph by variant (pdl 1 / 2 / 0): shape | row | variant: time residual"
for f in /tmp/z/pdl*.md; do
  b=$(basename $f .md); v=${b%%-*}
  grep -hE "\| gtsv strided_batch \(graph\) \||\| gtsv strided_batch \|" $f | awk -F'|' -v v="$v" '{printf "%s|%s|%s %s\n", $2 "|" $3, v, $4, $7}'
done | sort -t'|' -k1,2 -s | awk -F'|' '{k=$1"|"$2; a[k]=a[k]" "$3":"$4} END{for(k in a) print k, a[k]}' | sort | sed 's/  */ /g'
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
