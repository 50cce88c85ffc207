# Session 24, device call 1: the one-warp batch kernel's deferred retries (GTSV_TILE_DEFER=1,
# batch_tile.cu queue_drain) against retries in turn in the warp (=0), the prebuilt benchmark
# (scripts/prebuild.sh), no build: double strided batches of about 2^24 rows by
# scripts/bench-ab.sh, the order on, off, on again (n = 512: one system a warp, where nothing
# is deferred: a control).
set -u
T0=$(date +%s)
FINAL=$OUT
mkdir -p /tmp/d/pb/bench && rm -rf /tmp/d/*.log /tmp/d/*.md
cp prebuilt/gtsv-gpu-bench-base /tmp/d/pb/bench/gtsv-gpu-bench
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
ROWS="gtsv strided_batch|cusparse InterleavedBatch a1|cusparse gtsv2StridedBatch" BUILD=/tmp/d/pb OUT=/tmp/d timeout 420 \
  scripts/bench-ab.sh batch "64x262144 128x131072 256x65536 512x32768" ${REPS:-10} \
  on:GTSV_TILE_DEFER=1 off:GTSV_TILE_DEFER=0 on2:GTSV_TILE_DEFER=1 > /tmp/d/ab.log 2>&1
tail -80 /tmp/d/ab.log | grep -v "dominant.*cusparse"
echo "done at $(( $(date +%s) - T0 )) s"
cd /tmp/d && tar czf $FINAL/d.tgz --exclude=pb .
