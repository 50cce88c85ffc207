# Session 30, device call 6: ncu of nrhs_fused (double 1024 x 4, one launch of the forced
# fused row; the benchmark's batch_nrhs.cu built with -lineinfo), source view with SASS.
set -u
source scripts/device-prologue.sh
B=prebuilt/gtsv-gpu-bench-prof
ncu --clock-control none --kernel-name regex:nrhs_fused --launch-skip 2 --launch-count 1 --set full \
  --import-source yes -o /tmp/z/fused-d $B --only short --n 1024 --batch 4 --prec d --reps 3 \
  > /tmp/z/ncu-run.log 2>&1
echo "ncu rc=$? at $(el) s"; tail -3 /tmp/z/ncu-run.log
ncu -i /tmp/z/fused-d.ncu-rep --page details > /tmp/z/fused-d-details.txt 2>&1
ncu -i /tmp/z/fused-d.ncu-rep --page source --print-source sass --csv > /tmp/z/fused-d-sass.csv 2>&1
ncu -i /tmp/z/fused-d.ncu-rep --page source --print-source cuda --csv > /tmp/z/fused-d-cuda.csv 2>&1
grep -E "Duration|Registers|Warp Cycles Per Issued|Issued Ipc|Achieved Occupancy|No Eligible" /tmp/z/fused-d-details.txt | head -12
wc -l /tmp/z/fused-d-*.csv
echo "done at $(el) s"
cd /tmp/z && rm -f fused-d.ncu-rep && tar czf $FINAL/z.tgz .
