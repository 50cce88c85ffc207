set -u
export OUT_FINAL=$OUT
mkdir -p /tmp/o
OUT=/tmp/o SKIP="ctest memcheck racecheck bench" scripts/gpu.sh > /tmp/o/build.log 2>&1 || { tail -30 /tmp/o/build.log; }
tail -3 /tmp/o/build.log
B=build-h200/bench/gtsv-gpu-bench
for v in 0 1; do GTSV_SPIKE_NO_BCOPY=$v GTSV_SPIKE_TRACE=1 $B --only single --prec d --n 8388608 --reps 3 > /tmp/o/trace-$v.log 2>&1; echo "trace nobcopy=$v"; grep -E "^init|l1p1" /tmp/o/trace-$v.log | tail -3; done
OUT=/tmp/o scripts/bench-ab.sh single "2^23 2^25" 20 def nobc:GTSV_SPIKE_NO_BCOPY=1 def2 nobc2:GTSV_SPIKE_NO_BCOPY=1 2>&1 | tail -40
cd /tmp/o && tar czf $OUT_FINAL/o.tgz . 
