# Session 43, device call 1: the rows-contiguous tile_kernel in blocks of 1 (base) or 2 (k2)
# warps (GTSV_TILE_STRIDED_K; k4 built but not carried: 64 MiB), gtsv-gpu-bench --only batch --lean (cuSPARSE's
# gtsvInterleavedBatch a1 and gtsv2StridedBatch, the library's strided solve), double and
# float, n = 64..1024 with 2^24 rows (random and dominant), and 64 x 8192 (one wave, the
# one-warp kernel); the variants in turn at each shape, the order reversed in round 2; then
# ncu of the speculative one-wave kernel at double 512 x 512 random (base).
set -u
source scripts/device-prologue.sh
for d in /usr/local/cuda/bin /usr/local/cuda-13.0/bin; do [ -d "$d" ] && PATH="$PATH:$d"; done
NCU=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
one() { # VARIANT ROUND PREC N [BATCH]
  [ "$(left)" -gt 100 ] || { echo "cut at $(el) s"; return 1; }
  timeout 60 prebuilt/gtsv-gpu-bench-$1 --only batch --lean --prec $3 --n $4 ${5:+--batch $5} --reps 20 \
    --md /tmp/z/$1-$3-$4${5:+x$5}-r$2.md --commit "${GTSV_COMMIT:-unknown}-$1" > /tmp/z/last.log 2>&1
  echo "$1 r$2 $3 n=$4${5:+ batch=$5} rc=$? at $(el) s"
}
for r in 1 2; do
  order="base k2"; [ $r = 2 ] && order="k2 base"
  for s in "d 64" "d 128" "d 256" "d 512" "d 1024" "s 64" "s 256" "s 512" "s 1024" "d 64 8192"; do
    for v in $order; do one $v $r $s || break 3; done
  done
  [ $r = 1 ] && {
    timeout 120 $NCU --clock-control none --kernel-name regex:"tile_spec_kernel" --launch-skip 3 --launch-count 1 \
      --section SpeedOfLight --section SchedulerStats --section WarpStateStats --section InstructionStats \
      --section LaunchStats --section Occupancy --section MemoryWorkloadAnalysis \
      prebuilt/gtsv-gpu-bench-base --only batch --lean --prec d --n 512 --batch 512 --reps 2 > /tmp/z/ncu-spec.txt 2>&1
    echo "ncu rc=$? at $(el) s"; }
done
for f in /tmp/z/*-r[12].md; do echo "$(basename $f .md): $(grep -hE 'gtsv strided_batch' $f | cut -d'|' -f3,4 | tr -s ' ' | tr '\n' ' ')"; done
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
