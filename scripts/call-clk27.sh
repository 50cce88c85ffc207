# Session 27, device call 1: prebuilt binaries (no build on the device): the PDP forward
# kernel's phase clocks (gtsv-gpu-bench-clk, pdp.cu built with -DGTSV_PDP_CLOCKS=1) on
# double and float 2^23 and 2^25; racecheck of check_gpu_pdp (GTSV_GPU_TEST_SMALL=2: sizes
# up to two tiles and one row) and of check_gpu_batch's tile cases; check_gpu_pdp in full.
set -u
source scripts/device-prologue.sh
for p in d s; do
  for n in 8388608 33554432; do
    [ $(left) -lt 60 ] && { echo "no time left for clk $p $n"; continue; }
    GTSV_PDP_CLK=4 timeout $(left) prebuilt/gtsv-gpu-bench-clk --only single --prec $p --n $n \
      --reps 10 --md /tmp/z/clk-$p-$n.md --commit "${GTSV_COMMIT:-unknown}" > /tmp/z/clk-$p-$n.log 2>&1
    echo "clk $p $n rc=$? at $(el) s"
    if [ $p = d ]; then
      awk '/^pdp_clk n=/{c++} c==1 || c==4' /tmp/z/clk-$p-$n.log | cut -c1-240
    else
      grep "^pdp_clk n=" /tmp/z/clk-$p-$n.log | sed -n '1p;4p' | cut -c1-240
    fi
    grep -E "\| (cusparse gtsv2|gtsv PDP|gtsv SPIKE_DP) \|" /tmp/z/clk-$p-$n.md | cut -c1-100
  done
done
san() { # tool test small-level [case]
  [ $(left) -lt 30 ] && { echo "no time left for $1 $2 ${4:-}"; return; }
  GTSV_GPU_TEST_SMALL=$3 CK_FORK=no CK_DEFAULT_TIMEOUT=1200 ${4:+CK_RUN_CASE=$4} timeout $(left) \
    compute-sanitizer --tool $1 --error-exitcode 99 prebuilt/$2 > /tmp/z/$1-$2-${4:-all}.log 2>&1
  echo "$1 $2 ${4:-} rc=$? at $(el) s: $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY|Checks' /tmp/z/$1-$2-${4:-all}.log | tail -2 | tr '\n' ' ')"
}
san racecheck check_gpu_pdp 2
if [ $(left) -gt 60 ]; then
  CK_DEFAULT_TIMEOUT=1200 timeout $(left) prebuilt/check_gpu_pdp > /tmp/z/check_gpu_pdp.log 2>&1
  echo "check_gpu_pdp rc=$? at $(el) s: $(grep -E 'Checks|^check_gpu_pdp:' /tmp/z/check_gpu_pdp.log | tr '\n' ' ' | cut -c1-600)"
fi
san racecheck check_gpu_batch 1 tilerace
san racecheck check_gpu_batch 1 tile2
san racecheck check_gpu_batch 1 tilespec
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
