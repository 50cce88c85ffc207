# Session 41, device call 6 (bench only; the library is 6476505's but for the benchmark):
# the PDP at 2^23 rows on random (0), dominant (1) and zero-diagonal-pair (2) matrices, with
# the warm-up sweeps (the default) and without (GTSV_PDP_SWEEP=0: the checked-splice and
# scan kernels alone), double and float; the PDP row's note counts the columns whose sweeps
# fell back (--only pdpshape --kind K).
set -u
source scripts/device-prologue.sh
for p in d s; do
  for k in 0 1 2; do
    for v in sweep splice; do
      e=GTSV_NONE=1; [ $v = splice ] && e=GTSV_PDP_SWEEP=0
      env $e timeout 60 prebuilt/gtsv-gpu-bench-base --only pdpshape --prec $p --n 8388608 --kind $k --reps 20 \
        --md /tmp/z/k$k-$p-$v.md --commit "${GTSV_COMMIT:-unknown}-$v" > /tmp/z/last.log 2>&1
      echo "$p kind $k $v rc=$? at $(el) s"
    done
  done
done
for f in /tmp/z/k*.md; do echo "$(basename $f .md): $(grep -hE 'gtsv2 \||SPIKE_DP \||PDP' $f | cut -d'|' -f3,4,5,7,8 | tr -s ' ' | tr '\n' ' ')"; done
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
