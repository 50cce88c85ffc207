# Session 36, device call 1: (1) A/B of the library (base) against rcp.rn as plain
# inline PTX instead of volatile (rcpnv: -DGTSV_RCP_NV=1, the same values), alternating,
# double and float strided n = 64, 256, 1024; (2) ncu of one tile_kernel launch of the
# base's double unit built with -lineinfo (prof), double random strided 256 x 65536 (M =
# 16) and 1024 x 16384 (M = 32): speed of light, issue slots, warp states, instruction
# mix, occupancy, source counters, exported by SASS address, and nvdisasm -g of that
# cubin for the address -> line map; (3) beside the ncu runs, check_gpu_batch whole and
# its tilepdl case at GTSV_GPU_TEST_SMALL=1 under compute-sanitizer racecheck and memcheck
# (first GPU run of eae3e4b and 0a21cf3).
set -u
source scripts/device-prologue.sh
for d in /usr/local/cuda/bin /usr/local/cuda-13.0/bin; do [ -d "$d" ] && PATH="$PATH:$d"; done
NCU=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
echo "ncu ${NCU:-missing}: $($NCU --version 2>&1 | tail -1)"
ab() { # round, n, prec
  local r=$1 n=$2 p=$3
  local order="base rcpnv"; [ $r = 2 ] && order="rcpnv base"
  for v in $order; do
    [ "$(left)" -gt 330 ] || { echo "ab cut at $(el) s"; return 1; }
    timeout 60 prebuilt/gtsv-gpu-bench-$v --only batch --n $n --prec $p --reps 20 \
      --md /tmp/z/ab-$v-$p-$n-r$r.md --commit "${GTSV_COMMIT:-unknown}-$v" > /tmp/z/last.log 2>&1
    echo "ab r$r $v $p n=$n rc=$? at $(el) s"
  done
}
for r in 1 2; do for s in "64 d" "256 d" "1024 d" "64 s" "256 s" "1024 s"; do ab $r $s || break 2; done; done
B=$(( $(left) - 10 ))
(CK_FORK=no CK_DEFAULT_TIMEOUT=1200 timeout $B prebuilt/check_gpu_batch > /tmp/z/check_gpu_batch.log 2>&1; echo "check_gpu_batch rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/check_gpu_batch.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
(for tool in racecheck memcheck; do
  CK_FORK=no CK_DEFAULT_TIMEOUT=1200 CK_RUN_CASE=tilepdl GTSV_GPU_TEST_SMALL=1 timeout $B compute-sanitizer --tool $tool --error-exitcode 99 prebuilt/check_gpu_batch > /tmp/z/$tool-tilepdl.log 2>&1
  echo "$tool tilepdl small rc=$? at $(el) s: $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY|^[0-9]+%: Checks' /tmp/z/$tool-tilepdl.log | tr '\n' ' ')" >> /tmp/z/status.txt
done) &
for n in 256 1024; do
  [ "$(left)" -gt 60 ] || break
  timeout 120 $NCU --clock-control none --kernel-name regex:tile_kernel --launch-skip 2 --launch-count 1 \
    --section SpeedOfLight --section ComputeWorkloadAnalysis --section SchedulerStats \
    --section WarpStateStats --section InstructionStats --section Occupancy --section LaunchStats \
    --section MemoryWorkloadAnalysis_Tables --section SourceCounters --import-source yes -o /tmp/z/tile-$n \
    prebuilt/gtsv-gpu-bench-prof --only batch --n $n --prec d --reps 2 > /tmp/z/ncu-$n.log 2>&1
  echo "ncu n=$n rc=$? at $(el) s"
  $NCU --import /tmp/z/tile-$n.ncu-rep --page details > /tmp/z/details-$n.txt 2>&1
  $NCU --import /tmp/z/tile-$n.ncu-rep --page source --csv --print-source sass > /tmp/z/sass-$n.csv 2>&1
  $NCU --import /tmp/z/tile-$n.ncu-rep --page source --csv --print-source cuda,sass > /tmp/z/cudasass-$n.csv 2>&1
  echo "n=$n: details $(wc -l < /tmp/z/details-$n.txt), sass $(wc -l < /tmp/z/sass-$n.csv), cuda,sass $(wc -l < /tmp/z/cudasass-$n.csv) lines at $(el) s"
  grep -E "Duration|Issue Slots Busy|Warp Cycles Per Issued|Achieved Occupancy|No Eligible|Eligible Warps|Executed Instructions  |Registers Per|Block Limit" /tmp/z/details-$n.txt | head -14
done
ROOT=$PWD
mkdir -p /tmp/z/elf && (cd /tmp/z/elf && cuobjdump -xelf all $ROOT/prebuilt/gtsv-gpu-bench-prof > /dev/null 2>&1)
for c in $(grep -l -a "tile_kernelIdLi16" /tmp/z/elf/*.cubin 2>/dev/null); do
  nvdisasm -g -c "$c" > /tmp/z/dis-double.txt 2>/dev/null; echo "disasm $(basename $c): $(wc -l < /tmp/z/dis-double.txt) lines"
done
rm -f /tmp/z/elf/*.cubin
wait
cat /tmp/z/status.txt
grep -hE "[0-9]+: .*(Failure|Error)|failures; first" /tmp/z/check_gpu_batch.log /tmp/z/*-tilepdl.log | head -8 | cut -c1-400
echo "== ab (strided_batch rows: ms, E, residual)"
for f in /tmp/z/ab-*.md; do echo "$(basename $f .md): $(grep -hE '(random|dominant) \| gtsv strided_batch \|' $f | cut -d'|' -f2,4,5,7 | tr -s ' ' | tr '\n' ' ')"; done
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz --exclude='*.ncu-rep' . && cp /tmp/z/*.ncu-rep $FINAL/ 2>/dev/null
