# Session 42, device call 2: the library as it lands (base: row operands a row ahead, kShare
# 1.3) against 8361983's sweep (old) built with the library's flags (call 1's old and bf
# variants lost the file's -fmad=false: prebuild.sh's fix), at the library's shapes, two
# rounds; base's default C against the other candidate of default_rows at 2^22..2^25,
# double and float; the branch-free row (bf, with -fmad=false) at double 2^23 and 2^25;
# zero-diagonal pairs at 2^23; --only single; then pdp_tests (check_gpu_pdp, check_gpu,
# memcheck, racecheck of the sweep case).
set -u
source scripts/device-prologue.sh
one() { # VARIANT ROUND PREC N [SHAPES] [TAG] [KIND]
  [ "$(left)" -gt 420 ] || { echo "cut at $(el) s"; return 1; }
  timeout 90 prebuilt/gtsv-gpu-bench-$1 --only pdpshape --prec $3 --n $4 --reps 20 --kind ${7:-0} \
    --shapes "${5:-0:0:0:0}" --md /tmp/z/$1${6:-}-$3-$4-r$2.md --commit "${GTSV_COMMIT:-unknown}-$1${6:-}" > /tmp/z/last.log 2>&1
  echo "$1${6:-} r$2 $3 n=$4 rc=$? at $(el) s"
}
for r in 1 2; do
  order="old base"; [ $r = 2 ] && order="base old"
  for s in "d 8388608" "d 33554432" "s 8388608" "s 33554432"; do
    for v in $order; do one $v $r $s || break 3; done
  done
done
one base 1 d 4194304 "0:0:0:0,224:16:0:0" -c
one base 1 d 16777216 "0:0:0:0,800:16:0:0" -c
one base 1 d 33554432 "0:0:0:0,1600:16:0:0,2048:16:0:0" -c
one base 1 s 4194304 "0:0:0:0,192:32:0:0" -c
one base 1 s 8388608 "0:0:0:0,512:32:0:0" -c
one base 1 s 16777216 "0:0:0:0,1024:32:0:0" -c
one base 1 s 33554432 "0:0:0:0,2016:32:0:0" -c
one bf 1 d 8388608 "0:0:0:0" -c
one bf 1 d 33554432 "0:0:0:0,2048:16:0:0" -c
one base 1 d 8388608 "0:0:0:0" -z 2
one base 1 s 8388608 "0:0:0:0" -z 2
timeout 90 prebuilt/gtsv-gpu-bench-base --only single --reps 20 --md /tmp/z/single.md \
  --commit "${GTSV_COMMIT:-unknown}" > /tmp/z/single.log 2>&1
echo "single rc=$? at $(el) s"
pdp_tests
grep -E "random \| (gtsv PDP|gtsv SPIKE_DP|cusparse gtsv2) \|" /tmp/z/single.md | cut -d'|' -f2-7
for f in /tmp/z/*-r1.md /tmp/z/*-r2.md; do echo "$(basename $f .md): $(grep -hE 'PDP' $f | cut -d'|' -f3,4,5,7 | tr -s ' ' | tr '\n' ' ')"; done
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
