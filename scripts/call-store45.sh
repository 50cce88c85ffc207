# Session 45, device call 3: the speculative one-wave kernel's store of a block's one system
# (P = 32) by its three warps from the winning tile (base, GTSV_TILE_SPEC_STORE=1) against
# each warp storing its own (s0, =0, as before). gtsv-gpu-bench --only batch --lean on
# one-wave shapes (double 512 x 512, 400 x 512, 1024 x 256, float 512 x 512, 1024 x 256),
# base and s0 interleaved, three rounds; base's many-wave lean rows (double n = 64..1024,
# float 64, 256, 1024: the kernels there unchanged); then the GPU tests on base (gpu_tests,
# with check_gpu_batch's tilespec case under racecheck and memcheck).
set -u
source scripts/device-prologue.sh
for d in /usr/local/cuda/bin /usr/local/cuda-13.0/bin; do [ -d "$d" ] && PATH="$PATH:$d"; done
for r in 1 2 3; do
  for s in "d 512 512" "d 400 512" "d 1024 256" "s 512 512" "s 1024 256"; do
    set -- $s
    for v in base s0; do
      [ "$(left)" -gt 300 ] || break
      timeout 60 prebuilt/gtsv-gpu-bench-$v --only batch --lean --prec $1 --n $2 --batch $3 --reps 20 \
        --md /tmp/z/ab-$v-$1-$2x$3-r$r.md --commit "$GTSV_COMMIT-$v" > /tmp/z/last.log 2>&1
      echo "ab r$r $v $1 $2x$3 rc=$? at $(el) s"
    done
  done
done
for f in /tmp/z/ab-*.md; do echo "$(basename $f .md): $(grep -hE 'gtsv strided_batch \(graph\)|gtsv2StridedBatch \(graph\)' $f | cut -d'|' -f2,3,4 | sed 's/cusparse gtsv2StridedBatch (graph)/SB/; s/gtsv strided_batch (graph)/gtsv/' | tr -s ' ' | tr '\n' ' ')"; done
for s in "d 64" "d 128" "d 256" "d 512" "d 1024" "s 64" "s 256" "s 1024"; do
  set -- $s
  timeout 60 prebuilt/gtsv-gpu-bench-base --only batch --lean --prec $1 --n $2 --reps 20 \
    --md /tmp/z/final-$1-$2.md --commit "$GTSV_COMMIT" > /tmp/z/last.log 2>&1
  echo "final $1 n=$2 rc=$? at $(el) s"
done
for f in /tmp/z/final-*.md; do echo "$(basename $f .md): $(grep -hE 'gtsv strided_batch' $f | cut -d'|' -f2,4,5 | tr -s ' ' | tr '\n' ' ')"; done
gpu_tests
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
