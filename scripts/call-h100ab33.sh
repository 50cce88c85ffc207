# Session 33, device call 5 (H100): the tile column layout (base, 5bdf74c) against the
# layout before it (old: the batch_tile units of 70fa701), order base, old, base, old,
# strided batches of 2^24 rows, n = 64, 128, 256, 512, double and float.
set -u
source scripts/device-prologue.sh
for v in base old base old; do
  for n in 64 128 256 512; do
    [ "$(left)" -gt 20 ] || { echo "cut at $(el) s"; break 2; }
    f=/tmp/z/$v-$n-$(el).md
    timeout 60 prebuilt/gtsv-gpu-bench-$v --only batch --n $n --prec both --reps 20 --md $f \
      --commit "${GTSV_COMMIT:-unknown}-$v" > /tmp/z/last.log 2>&1
    echo "$v n=$n rc=$? at $(el) s"
  done
done
for f in /tmp/z/base-*.md /tmp/z/old-*.md; do
  b=$(basename $f .md); v=${b%%-*}
  grep -hE "\| gtsv strided_batch \|" $f | awk -F'|' -v v="$v" '{printf "%s|%s|%s\n", $2 "|" $3, v, $4}'
done | sort -t'|' -k1,2 -s | awk -F'|' '{k=$1"|"$2"|"$3; a[k]=a[k]" "$4} END{for(k in a) print k, a[k]}' | sort | sed 's/  */ /g'
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
