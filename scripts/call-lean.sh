# One device call (session 20): build, ctest, then A/B of the lean top level
# (default) against the copy of b in top pass 1 (GTSV_SPIKE_LEAN=0), with traces.
set -u
FINAL=$OUT
mkdir -p /tmp/o && rm -rf /tmp/o/*
OUT=/tmp/o SKIP="memcheck racecheck bench" scripts/gpu.sh > /tmp/o/gpu.log 2>&1
grep -E "tests passed|tests failed|Failed|\*\*\*" /tmp/o/ctest.log | head -20
grep -h "lean top level\|split first level\|FAIL" build-h200/Testing/Temporary/LastTest.log 2>/dev/null | head -8
B=build-h200/bench/gtsv-gpu-bench
for v in 1 0; do GTSV_SPIKE_LEAN=$v GTSV_SPIKE_TRACE=1 $B --only single --prec d --n 8388608 --reps 3 > /tmp/o/trace-$v.log 2>&1; echo "trace lean=$v"; grep -E "^init" /tmp/o/trace-$v.log | tail -2; done
OUT=/tmp/o scripts/bench-ab.sh single "2^23 2^25" 20 lean copy:GTSV_SPIKE_LEAN=0 lean2 copy2:GTSV_SPIKE_LEAN=0 2>&1 | tail -50
cd /tmp/o && tar czf $FINAL/o.tgz .
