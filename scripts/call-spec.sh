# Session 21's device call for the speculative retries (batch_tile.cu, tile_spec_kernel):
# build, full ctest, then small strided batches (graph rows: speculation on / "retries
# in turn") in both precisions, then ncu of the 512 x 512 double kernels.
set -u
FINAL=$OUT
mkdir -p /tmp/o && rm -rf /tmp/o/*
OUT=/tmp/o SKIP="memcheck racecheck bench" scripts/gpu.sh > /tmp/o/gpu.log 2>&1
grep -E "tests passed|tests failed|\*\*\*Failed" /tmp/o/ctest.log | head -8
B=build-h200/bench/gtsv-gpu-bench
for s in ${SHAPES:-512x512 256x512 1024x256 2048x128 100x1000}; do
  $B --only batch --n ${s%x*} --batch ${s#*x} --prec both --reps 20 --md /tmp/o/b-$s.md \
     --commit "$GTSV_COMMIT" > /tmp/o/b-$s.log 2>&1
  cat /tmp/o/b-$s.md >> /tmp/o/small.md
done
grep -E "\(graph\)" /tmp/o/small.md | cut -c1-150
NCU=$(command -v ncu || ls /usr/local/cuda/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
if [ -n "${NCU:-}" ] && [ -z "${NO_NCU:-}" ]; then
  timeout 150 $NCU -k regex:tile_ -c 4 --section SpeedOfLight --section WarpStateStats \
    --section Occupancy $B --only batch --n 512 --batch 512 --prec d --reps 1 > /tmp/o/ncu.txt 2>&1
  grep -E "tile_|Duration|Achieved Occupancy|Stall" /tmp/o/ncu.txt | head -40
fi
cd /tmp/o && tar czf $FINAL/o.tgz .
