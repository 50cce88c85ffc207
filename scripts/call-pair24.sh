# Session 24, device call 2: two warps a system for strided batches of 513..1024 rows
# (GTSV_TILE_PAIR=1, batch_tile.cu tile_block_kernel<T, 2>) against the one-warp M = 32
# kernel (=0), the prebuilt benchmark (scripts/prebuild.sh), no build: double by
# scripts/bench-ab.sh in the order on, off, on again; float rows of each variant.
set -u
T0=$(date +%s)
FINAL=$OUT
mkdir -p /tmp/p/pb/bench && rm -rf /tmp/p/*.log /tmp/p/*.md
cp prebuilt/gtsv-gpu-bench-base /tmp/p/pb/bench/gtsv-gpu-bench
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
C=${GTSV_COMMIT:-unknown}
ROWS="gtsv strided_batch|cusparse InterleavedBatch a1|cusparse gtsv2StridedBatch" BUILD=/tmp/p/pb OUT=/tmp/p timeout 300 \
  scripts/bench-ab.sh batch "1024x16384 600x27962 800x20971" ${REPS:-10} \
  on:GTSV_TILE_PAIR=1 off:GTSV_TILE_PAIR=0 on2:GTSV_TILE_PAIR=1 > /tmp/p/ab.log 2>&1
sed -n '/==== bench-ab/,$p' /tmp/p/ab.log | grep -v "dominant.*cusparse"
echo "double A/B done at $(( $(date +%s) - T0 )) s"
for v in 1 0; do
  GTSV_TILE_PAIR=$v timeout 60 /tmp/p/pb/bench/gtsv-gpu-bench --only batch --prec s --n 1024 --batch 16384 --reps 10 \
    --md /tmp/p/float-p$v.md --commit "$C" > /tmp/p/float-p$v.log 2>&1
  grep -E "\| (gtsv strided_batch|cusparse InterleavedBatch a1|cusparse gtsv2StridedBatch) \|" /tmp/p/float-p$v.md | sed "s/^/pair=$v /" | cut -c1-150
done
echo "done at $(( $(date +%s) - T0 )) s"
cd /tmp/p && tar czf $FINAL/p.tgz --exclude=pb .
