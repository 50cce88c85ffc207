# Session 43, device call 2: one-wave rows-contiguous grids of the one-warp kernel in blocks
# of 2 warps (base: the library as it would land, kThinWarps = 2), of 1 (base with
# GTSV_TILE_THIN=0: off) and of 4 (t4: src/batch/batch_tile_double.cu with
# -DGTSV_TILE_THIN_K=4; double only), gtsv-gpu-bench --only batch --lean at one-wave shapes
# (n <= 64, which the speculative kernel does not take), in turn, the order reversed in
# round 2; base's GPU PDP at double 2^23 and float 2^25 (--only pdpshape: its sweep shapes,
# after resident_blocks took over the sweeps' prepare()); then the GPU tests of base
# (gpu_tests: check_gpu_batch, check_gpu_spike, check_gpu, compute-sanitizer racecheck and
# memcheck of tilespec and tilepdl at the small level, tilepdl repeated under load; beside
# them check_gpu_pdp). t4 was linked before the resident_blocks change (batch code the same).
set -u
source scripts/device-prologue.sh
for d in /usr/local/cuda/bin /usr/local/cuda-13.0/bin; do [ -d "$d" ] && PATH="$PATH:$d"; done
one() { # VARIANT ROUND PREC N BATCH
  [ "$(left)" -gt 330 ] || { echo "cut at $(el) s"; return 1; }
  local v=$1 e=GTSV_NONE=1
  [ $v = off ] && { v=base; e=GTSV_TILE_THIN=0; }
  env $e timeout 60 prebuilt/gtsv-gpu-bench-$v --only batch --lean --prec $3 --n $4 --batch $5 --reps 20 \
    --md /tmp/z/$1-$3-${4}x$5-r$2.md --commit "$GTSV_COMMIT-$1" > /tmp/z/last.log 2>&1
  echo "$1 r$2 $3 n=$4 batch=$5 rc=$? at $(el) s"
}
for r in 1 2; do
  for s in "d 64 8192" "d 32 16384" "d 16 32768" "d 64 2048" "d 64 13000" "s 64 8192" "s 32 16384"; do
    order="off base t4"; [ $r = 2 ] && order="t4 base off"
    [ "${s%% *}" = s ] && { order="off base"; [ $r = 2 ] && order="base off"; }
    for v in $order; do one $v $r $s || break 3; done
  done
done
for s in "d 8388608" "s 33554432"; do
  set -- $s
  timeout 30 prebuilt/gtsv-gpu-bench-base --only pdpshape --prec $1 --n $2 --reps 20 --shapes 0:0:0:0 \
    --md /tmp/z/pdp-$1-$2.md --commit "$GTSV_COMMIT" > /tmp/z/last.log 2>&1
  echo "pdp $1 n=$2 rc=$? at $(el) s: $(grep -hE 'PDP|SPIKE_DP \||gtsv2 \|' /tmp/z/pdp-$1-$2.md | cut -d'|' -f3,4,5,6,7 | tr -s ' ' | tr '\n' ' ')"
done
for f in /tmp/z/*-r[12].md; do echo "$(basename $f .md): $(grep -hE 'gtsv strided_batch' $f | cut -d'|' -f2,4 | tr -s ' ' | tr '\n' ' ')"; done
(CK_FORK=no CK_DEFAULT_TIMEOUT=1200 timeout $(( $(left) - 10 )) prebuilt/check_gpu_pdp > /tmp/z/check_gpu_pdp.log 2>&1
  echo "check_gpu_pdp rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/check_gpu_pdp.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
gpu_tests
grep -hE "FAIL|failures; first" /tmp/z/check_gpu_pdp.log | head -4 | cut -c1-400
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
