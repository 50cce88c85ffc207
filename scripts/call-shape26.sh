# Session 26, device call 2 (no build): prebuilt/bins.tar.xz holds the benchmark linked here
# (sm_90, Release, library of the commit named below) three ways: base (PDP tiles of 128
# threads x 16 rows), t256c16 (256 x 16: 4096-row tiles, one block an SM) and t512c8 (512 x 8:
# 4096-row tiles), pdp.cu compiled with -DGTSV_PDP_THREADS/-DGTSV_PDP_C/-DGTSV_PDP_MINB=1.
# Double single systems of 2^23 and 2^25 rows (base, t256c16, t512c8, base again), then the
# final tree's issue 6 rows (base: double strided n = 64, 1024, 512 x 512) while time is left.
set -u
T0=$(date +%s)
C=${GTSV_COMMIT:-unknown}
mkdir -p /tmp/pb && tar xJf prebuilt/bins.tar.xz -C /tmp/pb
echo "unpacked at $(( $(date +%s) - T0 )) s"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
run() { # tag binary args...
  local tag=$1 v=$2; shift 2
  [ $(( $(date +%s) - T0 )) -gt ${LIMIT:-420} ] && { echo "stopped before $tag"; return; }
  timeout 120 /tmp/pb/gtsv-gpu-bench-$v "$@" --md $OUT/$tag.md --commit $C-$v > $OUT/$tag.log 2>&1
  echo "$tag rc=$? at $(( $(date +%s) - T0 )) s"
  grep -E "\| (cusparse gtsv2|gtsv PDP|gtsv SPIKE_DP|gtsv strided_batch|gtsv strided_batch \(graph\)|cusparse InterleavedBatch a1|cusparse gtsv2StridedBatch|cusparse gtsv2StridedBatch \(graph\)) \|" $OUT/$tag.md | grep -v dominant | cut -c1-110
}
for n in 8388608 33554432; do
  for v in base t256c16 t512c8; do run s$n-$v $v --only single --prec d --n $n --reps 10; done
  run s$n-base2 base --only single --prec d --n $n --reps 10
done
run b64 base --only batch --prec d --n 64 --reps 10
run b1024 base --only batch --prec d --n 1024 --reps 10
run b512x512 base --only batch --prec d --n 512 --batch 512 --reps 10
echo "done at $(( $(date +%s) - T0 )) s"
