# Session 20's last device call: build, full ctest, then the single-system table
# (double and float, 2^20, 2^23, 2^25, median of 20) at this tree.
set -u
FINAL=$OUT
mkdir -p /tmp/o && rm -rf /tmp/o/*
OUT=/tmp/o SKIP="memcheck racecheck bench" scripts/gpu.sh > /tmp/o/gpu.log 2>&1
grep -E "tests passed|tests failed|\*\*\*Failed" /tmp/o/ctest.log | head -5
grep -h "lean top level" build-h200/Testing/Temporary/LastTest.log | head -2
build-h200/bench/gtsv-gpu-bench --only single --prec both --reps 20 --md /tmp/o/single.md --commit "$GTSV_COMMIT" > /tmp/o/single.log 2>&1
grep -E "SPIKE_DP \||cusparse gtsv2 \||Copy bandwidth" /tmp/o/single.md
cd /tmp/o && tar czf $FINAL/o.tgz .
