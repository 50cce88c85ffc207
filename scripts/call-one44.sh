# Session 44, device call 1: tile_kernel's pivoting attempts by one copy of the code
# (base: the library as it would land, GTSV_TILE_ONE_ATTEMPT=1: the first attempt and both
# retries by one spike_attempt<SH = true> in a loop that is not unrolled) against old
# (src/batch/batch_tile_double.cu with -DGTSV_TILE_ONE_ATTEMPT=0: the first attempt and the
# retries by separate inlined copies, as before; double only), gtsv-gpu-bench --only batch
# --lean, double strided n = 64..2048 with 2^24 rows (random and dominant), in turn, the
# order reversed in round 2; float of base at n = 64, 256, 1024; ncu's warp states of one
# tile_kernel launch of each at double 256 x 65536 random (stalls on instruction fetch);
# check_gpu_batch of base.
set -u
source scripts/device-prologue.sh
for d in /usr/local/cuda/bin /usr/local/cuda-13.0/bin; do [ -d "$d" ] && PATH="$PATH:$d"; done
NCU=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
one() { # VARIANT ROUND PREC N
  [ "$(left)" -gt 200 ] || { echo "cut at $(el) s"; return 1; }
  timeout 60 prebuilt/gtsv-gpu-bench-$1 --only batch --lean --prec $3 --n $4 --reps 20 \
    --md /tmp/z/$1-$3-$4-r$2.md --commit "$GTSV_COMMIT-$1" > /tmp/z/last.log 2>&1
  echo "$1 r$2 $3 n=$4 rc=$? at $(el) s"
}
for r in 1 2; do
  for n in 64 128 256 512 1024 2048; do
    order="old base"; [ $r = 2 ] && order="base old"
    for v in $order; do one $v $r d $n || break 3; done
  done
done
for n in 64 256 1024; do one base 1 s $n || break; done
for v in base old; do
  [ "$(left)" -gt 150 ] || break
  timeout 90 $NCU --clock-control none --kernel-name regex:tile_kernel --launch-skip 2 --launch-count 1 \
    --section WarpStateStats --section SchedulerStats --section LaunchStats --section InstructionStats \
    prebuilt/gtsv-gpu-bench-$v --only batch --lean --n 256 --prec d --reps 2 > /tmp/z/ncu-$v.txt 2>&1
  echo "ncu $v rc=$? at $(el) s"
done
CK_FORK=no CK_DEFAULT_TIMEOUT=1200 timeout $(( $(left) - 10 )) prebuilt/check_gpu_batch > /tmp/z/check_gpu_batch.log 2>&1
echo "check_gpu_batch rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/check_gpu_batch.log | tr '\n' ' ')"
grep -hE "[0-9]+: .*(Failure|Error)|failures; first" /tmp/z/check_gpu_batch.log | head -4 | cut -c1-500
for v in base old; do
  echo "== ncu $v"
  grep -E "Duration|Stall|Warp Cycles Per Issued|Issue Slots Busy|Executed Instructions  |Registers Per" /tmp/z/ncu-$v.txt | head -30
done
for f in /tmp/z/*-r[12].md; do echo "$(basename $f .md): $(grep -hE 'gtsv strided_batch' $f | cut -d'|' -f2,4 | tr -s ' ' | tr '\n' ' ')"; done
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
