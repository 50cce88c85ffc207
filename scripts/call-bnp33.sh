# Session 33, device call 3 (and 4 on an H100): block_np (two warps solve a strictly dominant
# system alone in its block without pivoting, 64 partitions) on (GTSV_TILE_BNP=1, the
# default) and off (=0: warp 0 alone takes the one-warp attempt without pivoting), order
# 1, 0, 1, 0, on one-wave strided batches whose systems are one a block (P = 32: 512 x 512,
# 400 x 512, 1024 x 256), both precisions, graph rows; then, where TABLE=1, issue 6's table
# (n = 64..1024 of 2^24 rows, and 512 x 512) with the defaults.
set -u
source scripts/device-prologue.sh
for v in 1 0 1 0; do
  for s in "512 512" "400 512" "1024 256"; do
    [ "$(left)" -gt 150 ] || { echo "bench cut at $(el) s"; break 2; }
    set -- $s
    f=/tmp/z/bnp$v-$1x$2-$(el).md
    GTSV_TILE_BNP=$v timeout 60 prebuilt/gtsv-gpu-bench-base --only batch --n $1 --batch $2 --prec both --reps 20 \
      --md $f --commit "${GTSV_COMMIT:-unknown}-bnp$v" > /tmp/z/last.log 2>&1
    echo "bnp$v $1x$2 rc=$? at $(el) s"
  done
done
if [ "${TABLE:-0}" = 1 ]; then
  for n in 64 128 256 512 1024; do
    [ "$(left)" -gt 20 ] || { echo "table cut at $(el) s"; break; }
    f=/tmp/z/table-${n}xdef-$(el).md
    timeout 60 prebuilt/gtsv-gpu-bench-base --only batch --n $n --prec both --reps 20 --md $f \
      --commit "${GTSV_COMMIT:-unknown}" > /tmp/z/last.log 2>&1
    echo "table n=$n rc=$? at $(el) s"
  done
fi
echo "== us a solve in a graph (bnp 1 / 0): shape | row | variant: time residual"
for f in /tmp/z/bnp*.md; do
  b=$(basename $f .md); v=${b%%-*}
  grep -hE "\| gtsv strided_batch \(graph\) \||retries in turn \(graph\)" $f | awk -F'|' -v v="$v" '{printf "%s|%s|%s %s\n", $2 "|" $3, v, $4, $7}'
done | sort -t'|' -k1,2 -s | awk -F'|' '{k=$1"|"$2"|"$3; a[k]=a[k]" "$4} END{for(k in a) print k, a[k]}' | sort | sed 's/  */ /g'
grep -hE "random \| gtsv strided_batch \|" /tmp/z/table-*.md 2>/dev/null | cut -c1-130
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
