# Session 35, device call 4 (the final library of call 3, 7d21a83): tile_kernel's L2
# prefetch where it is off by default (double n = 64: columns of 16 rows, 13 blocks an
# SM; float columns of 16 rows, n = 64 and 256), now that the row sweep shortened the
# warps' compute: GTSV_TILE_PF=B (B blocks ahead, about half a wave) against the default
# (off there), alternating, two rounds; then four check_gpu_batch tilepdl processes at
# once, repeatedly (call 1 saw one failure of that case with four processes on the GPU).
set -u
source scripts/device-prologue.sh
for r in 1 2; do
  for s in "64 d 858" "64 s 1500" "256 s 1500"; do
    set -- $s
    order="def pf"; [ $r = 2 ] && order="pf def"
    for v in $order; do
      [ "$(left)" -gt 200 ] || { echo "ab cut at $(el) s"; break 3; }
      e=""; [ $v = pf ] && e=GTSV_TILE_PF=$3
      env $e timeout 60 prebuilt/gtsv-gpu-bench-base --only batch --n $1 --prec $2 --reps 20 \
        --md /tmp/z/ab-$v-$2-$1-r$r.md --commit "${GTSV_COMMIT:-unknown}-$v${e:+-$e}" > /tmp/z/last.log 2>&1
      echo "ab r$r $v $2 n=$1 ${e} rc=$? at $(el) s"
    done
  done
done
k=0
while [ "$(left)" -gt 40 ]; do
  k=$((k + 1))
  for j in 1 2 3 4; do
    (CK_FORK=no CK_RUN_CASE=tilepdl timeout 60 prebuilt/check_gpu_batch > /tmp/z/tilepdl-$k-$j.log 2>&1; echo "tilepdl x4 round $k proc $j rc=$?: $(grep -E '^[0-9]+%: Checks' /tmp/z/tilepdl-$k-$j.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
  done
  wait
done
echo "tilepdl: $(grep -c 'rc=0' /tmp/z/status.txt) of $(grep -c rc= /tmp/z/status.txt) runs passed"
grep -v "rc=0" /tmp/z/status.txt | head -4
grep -hE "FAIL|failures; first" /tmp/z/tilepdl-*.log | head -6 | cut -c1-500
echo "== ab (strided_batch rows: ms, E, residual)"
for f in /tmp/z/ab-*.md; do echo "$(basename $f .md): $(grep -hE '(random|dominant) \| gtsv strided_batch \|' $f | cut -d'|' -f2,4,5,7 | tr -s ' ' | tr '\n' ' ')"; done
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
