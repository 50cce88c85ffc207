# One device call (session 20): build, then same-run A/B of the lean restore's grid and
# spike_init's grid (GTSV_SPIKE_RESTORE_GRID, GTSV_SPIKE_INIT_GRID) at 2^23, and 2^25 for two.
set -u
FINAL=$OUT
mkdir -p /tmp/o && rm -rf /tmp/o/*
OUT=/tmp/o SKIP="ctest memcheck racecheck bench" scripts/gpu.sh > /tmp/o/gpu.log 2>&1
tail -3 /tmp/o/gpu.log
OUT=/tmp/o scripts/bench-ab.sh single "2^23" 20 def rg1:GTSV_SPIKE_RESTORE_GRID=1 rg16:GTSV_SPIKE_RESTORE_GRID=16 ig32:GTSV_SPIKE_INIT_GRID=32 both:GTSV_SPIKE_RESTORE_GRID=1,GTSV_SPIKE_INIT_GRID=32 def2 both2:GTSV_SPIKE_RESTORE_GRID=1,GTSV_SPIKE_INIT_GRID=32 2>&1 | tail -30
OUT=/tmp/o scripts/bench-ab.sh single "2^25" 20 def25 both25:GTSV_SPIKE_RESTORE_GRID=1,GTSV_SPIKE_INIT_GRID=32 2>&1 | tail -10
cd /tmp/o && tar czf $FINAL/o.tgz .
