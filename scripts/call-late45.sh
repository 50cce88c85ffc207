# Session 45, device call 5: the one-wave speculative kernel's warp 2 late (late,
# GTSV_TILE_SPEC_LATE=1: warp 2 waits for warp 0's first attempts and runs the L/4 retry only
# on the systems they failed) against base (as landed: both retries at once). gtsv-gpu-bench
# --only batch --lean on one-wave shapes (double 512 x 512, 400 x 512, 256 x 512, 1024 x 256,
# 512 x 700 (not one wave of this kernel: a control), float 512 x 512,
# 1024 x 256), base and late interleaved, three rounds; then the GPU tests linked against late
# (check_gpu_batch, check_gpu, check_gpu_spike; racecheck and memcheck of tilespec).
set -u
source scripts/device-prologue.sh
for d in /usr/local/cuda/bin /usr/local/cuda-13.0/bin; do [ -d "$d" ] && PATH="$PATH:$d"; done
for r in 1 2 3; do
  for s in "d 512 512" "d 400 512" "d 256 512" "d 1024 256" "d 512 700" "s 512 512" "s 1024 256"; do
    set -- $s
    for v in base late; do
      [ "$(left)" -gt 300 ] || break
      timeout 60 prebuilt/gtsv-gpu-bench-$v --only batch --lean --prec $1 --n $2 --batch $3 --reps 20 \
        --md /tmp/z/ab-$v-$1-$2x$3-r$r.md --commit "$GTSV_COMMIT-$v" > /tmp/z/last.log 2>&1
      echo "ab r$r $v $1 $2x$3 rc=$? at $(el) s"
    done
  done
done
for f in /tmp/z/ab-*.md; do echo "$(basename $f .md): $(grep -hE 'gtsv strided_batch \(graph\)|gtsv2StridedBatch \(graph\)' $f | cut -d'|' -f2,3,4 | sed 's/cusparse gtsv2StridedBatch (graph)/SB/; s/gtsv strided_batch (graph)/gtsv/' | tr -s ' ' | tr '\n' ' ')"; done
for t in check_gpu_batch check_gpu check_gpu_spike; do mv prebuilt/$t-late prebuilt/$t; done
gpu_tests
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
