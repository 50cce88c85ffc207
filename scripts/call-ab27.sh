# Session 27, device call 3: PDP tiles of 384 and 320 threads x 8 rows with two blocks an
# SM in double (launch bounds: GTSV_PDP_MINB_D=2) and three in float (_F=3), against
# 512 x 8 (one block an SM in double, two in float); prebuilt benchmarks (scripts/prebuild.sh,
# each with -DGTSV_PDP_CLOCKS=1 for the residency line), first and last the base.
set -u
source scripts/device-prologue.sh
for v in base0 t384 t320 base0; do
  B=prebuilt/gtsv-gpu-bench-$v
  GTSV_PDP_CLK=4 timeout 60 $B --only single --prec both --n 8388608 --reps 4 > /tmp/z/clk-$v.log 2>&1
  grep "^pdp_clk n=" /tmp/z/clk-$v.log | sed -n '1p;4p;7p;10p' | cut -c1-175
  for n in 8388608 33554432; do
    [ $(left) -lt 30 ] && { echo "no time left for $v $n"; continue; }
    timeout $(left) $B --only single --prec both --n $n --reps 10 --md /tmp/z/$v-$n.md \
      --commit "${GTSV_COMMIT:-unknown}-$v" > /tmp/z/$v-$n.log 2>&1
    echo "$v $n rc=$? at $(el) s"
    grep -E "\| (cusparse gtsv2|gtsv PDP) \|" /tmp/z/$v-$n.md | cut -c1-90
  done
done
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
