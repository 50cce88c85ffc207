# Session 32, device call 3: the on-chip batch kernels as programmatic dependent launches
# (GTSV_TILE_PDL=1, the tree's default) against ordinary launches (=0), order 1, 0, 1, 0,
# on one-wave strided batches (graph rows, both precisions) and one large batch; then
# check_gpu_batch (every case, with the new pdl_chained_solves), check_gpu,
# check_gpu_spike (its PDL helpers moved to cuda/pdl.h), side by side.
set -u
source scripts/device-prologue.sh
for v in 1 0 1 0; do
  for s in "512 512" "256 512" "1024 256" "300 512" "128 2048"; do
    [ "$(left)" -gt 300 ] || { echo "bench cut at $(el) s"; break 2; }
    set -- $s
    f=/tmp/z/pdl$v-$1x$2-$(el).md
    GTSV_TILE_PDL=$v timeout 60 prebuilt/gtsv-gpu-bench-base --only batch --n $1 --batch $2 --prec both --reps 20 --md $f \
      --commit "${GTSV_COMMIT:-unknown}-pdl$v" > /tmp/z/last.log 2>&1
    echo "pdl$v $1x$2 rc=$? at $(el) s"
  done
done
for v in 1 0; do
  f=/tmp/z/pdl$v-512x32768-$(el).md
  GTSV_TILE_PDL=$v timeout 60 prebuilt/gtsv-gpu-bench-base --only batch --n 512 --batch 32768 --prec d --reps 20 --md $f \
    --commit "${GTSV_COMMIT:-unknown}-pdl$v" > /tmp/z/last.log 2>&1
  echo "pdl$v 512x32768 rc=$? at $(el) s"
done
B=$(( $(left) - 10 ))
for t in check_gpu_batch check_gpu check_gpu_spike; do
  (CK_FORK=no CK_DEFAULT_TIMEOUT=1200 timeout $B prebuilt/$t > /tmp/z/$t.log 2>&1; echo "$t rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/$t.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
done
wait
cat /tmp/z/status.txt
grep -hE "[0-9]+: .*(Failure|Error)|failures; first" /tmp/z/check_gpu*.log | head -8 | cut -c1-400
echo "== graph us a solve (pdl 1 / 0 alternating): shape | row | per variant: time E resid"
for f in /tmp/z/pdl*.md; do
  b=$(basename $f .md); v=${b%%-*}
  grep -hE "\| gtsv strided_batch \(graph\) \||retries in turn \(graph\)|gtsv2StridedBatch \(graph\)|launch floor|\| gtsv strided_batch \|" $f | awk -F'|' -v v="$v" '{printf "%s|%s|%s %s %s\n", $2 "|" $3, v, $4, $5, $7}'
done | sort -t'|' -k1,2 -s | awk -F'|' '{k=$1"|"$2; a[k]=a[k]" "$3":"$4} END{for(k in a) print k, a[k]}' | sort | sed 's/  */ /g'
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
