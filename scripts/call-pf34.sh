# Session 34, device call 1. (a) tile_kernel's L2 prefetch ahead: GTSV_TILE_PF = 0 (off,
# the library as before), 256, 1024 and 0 again, alternating per shape: strided and
# interleaved double batches of 2^24 rows, n = 64, 256, 512, 1024, and float at n = 64,
# 1024 (one run each). (b) PDP's tiles staged by cp.async (base) against the loads before
# (prebuilt/gtsv-gpu-bench-pdpold: pdp.cu built with -DGTSV_PDP_CPASYNC=0), 2^23 twice
# alternating, 2^25 once. (c) check_gpu_pdp in full, check_gpu_batch with the prefetch on
# (GTSV_TILE_PF=3), racecheck and memcheck of check_gpu_pdp's small levels. (d) PDP's
# phase clocks at 2^23 double (random, dominant) with and without cp.async staging,
# phase 9 split at the new stamp 15 (pivot choices and map scans | the look-back).
set -u
source scripts/device-prologue.sh
for n in 64 256 512 1024; do
  for pf in 0 256 1024 0; do
    [ "$(left)" -gt 330 ] || { echo "pf cut at $(el) s"; break 2; }
    f=/tmp/z/pf$pf-d-$n-$(el).md
    GTSV_TILE_PF=$pf timeout 60 prebuilt/gtsv-gpu-bench-base --only batch --n $n --prec d --reps 20 \
      --md $f --commit "${GTSV_COMMIT:-unknown}-pf$pf" > /tmp/z/last.log 2>&1
    echo "pf=$pf d n=$n rc=$? at $(el) s"
  done
done
for n in 64 1024; do
  for pf in 0 1024; do
    [ "$(left)" -gt 300 ] || { echo "pf float cut at $(el) s"; break 2; }
    f=/tmp/z/pf$pf-s-$n-$(el).md
    GTSV_TILE_PF=$pf timeout 60 prebuilt/gtsv-gpu-bench-base --only batch --n $n --prec s --reps 20 \
      --md $f --commit "${GTSV_COMMIT:-unknown}-pf$pf" > /tmp/z/last.log 2>&1
    echo "pf=$pf s n=$n rc=$? at $(el) s"
  done
done
for s in "base 8388608" "pdpold 8388608" "base 8388608" "pdpold 8388608" "base 33554432" "pdpold 33554432"; do
  set -- $s
  [ "$(left)" -gt 200 ] || { echo "pdp cut at $(el) s"; break; }
  timeout 60 prebuilt/gtsv-gpu-bench-$1 --only single --n $2 --prec both --reps 10 \
    --md /tmp/z/pdp-$1-$2-$(el).md --commit "${GTSV_COMMIT:-unknown}-$1" > /tmp/z/last.log 2>&1
  echo "pdp $1 n=$2 rc=$? at $(el) s"
done
for v in clk clkold; do
  [ "$(left)" -gt 170 ] || { echo "clk cut at $(el) s"; break; }
  GTSV_PDP_CLK=4 timeout 60 prebuilt/gtsv-gpu-bench-$v --only single --prec d --n 8388608 --reps 10 \
    --md /tmp/z/clk-$v.md --commit "${GTSV_COMMIT:-unknown}-$v" > /tmp/z/clk-$v.log 2>&1
  echo "clk $v rc=$? at $(el) s"
done
B=$(( $(left) - 10 ))
(CK_FORK=no CK_DEFAULT_TIMEOUT=1200 timeout $B prebuilt/check_gpu_pdp > /tmp/z/check_gpu_pdp.log 2>&1; echo "check_gpu_pdp rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/check_gpu_pdp.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
(CK_FORK=no CK_DEFAULT_TIMEOUT=1200 GTSV_TILE_PF=3 timeout $B prebuilt/check_gpu_batch > /tmp/z/check_gpu_batch-pf3.log 2>&1; echo "check_gpu_batch PF=3 rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/check_gpu_batch-pf3.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
(CK_FORK=no CK_DEFAULT_TIMEOUT=1200 GTSV_GPU_TEST_SMALL=2 timeout $B compute-sanitizer --tool racecheck --error-exitcode 99 prebuilt/check_gpu_pdp > /tmp/z/racecheck-pdp.log 2>&1; echo "racecheck pdp rc=$? at $(el) s: $(grep -E 'RACECHECK SUMMARY|^[0-9]+%: Checks' /tmp/z/racecheck-pdp.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
(CK_FORK=no CK_DEFAULT_TIMEOUT=1200 GTSV_GPU_TEST_SMALL=1 timeout $B compute-sanitizer --tool memcheck --error-exitcode 99 prebuilt/check_gpu_pdp > /tmp/z/memcheck-pdp.log 2>&1; echo "memcheck pdp rc=$? at $(el) s: $(grep -E 'ERROR SUMMARY|^[0-9]+%: Checks' /tmp/z/memcheck-pdp.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
wait
cat /tmp/z/status.txt
grep -hE "[0-9]+: .*(Failure|Error)|failures; first" /tmp/z/check_gpu*.log | head -8 | cut -c1-300
echo "== batch: shape | solver | pf: ms E"
for f in /tmp/z/pf*.md; do
  b=$(basename $f .md); v=${b%%-*}
  grep -hE "\| gtsv (strided_batch|interleaved_batch) \|" $f | awk -F'|' -v v="$v" '{printf "%s|%s|%s %s\n", $2 "|" $3, v, $4, $5}'
done | sort -t'|' -k1,2 -s | awk -F'|' '{k=$1"|"$2"|"$3; a[k]=a[k]" "$4} END{for(k in a) print k, a[k]}' | sort | sed 's/  */ /g'
echo "== pdp"
for f in /tmp/z/pdp-*.md; do echo "$(basename $f)"; grep -E "\| (gtsv PDP|cusparse gtsv2) \|" $f | cut -c1-120; done
for v in clk clkold; do echo "== $v"; awk '/^pdp_clk n=/{c++} c==1 || c==4' /tmp/z/clk-$v.log | cut -c1-250; done
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
