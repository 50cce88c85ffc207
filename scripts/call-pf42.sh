# Session 42, device call 1: the forward sweep's row operands loaded a row ahead (base, the
# working tree) against the landed sweep (old, 8361983) and against the same plus a
# branch-free row (bf: the block formed at every row, its values taken by selects), the
# library's shapes, --only pdpshape, three variants alternating, two rounds; then a few
# forward C for base and bf; ncu details of the forward sweep at 2^23 for the three; then
# check_gpu_pdp of base and of bf, and check_gpu.
set -u
source scripts/device-prologue.sh
for d in /usr/local/cuda/bin /usr/local/cuda-13.0/bin; do [ -d "$d" ] && PATH="$PATH:$d"; done
NCU=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
one() { # VARIANT ROUND PREC N [SHAPES] [TAG]
  [ "$(left)" -gt 250 ] || { echo "cut at $(el) s"; return 1; }
  timeout 90 prebuilt/gtsv-gpu-bench-$1 --only pdpshape --prec $3 --n $4 --reps 20 \
    --shapes "${5:-0:0:0:0}" --md /tmp/z/$1${6:-}-$3-$4-r$2.md --commit "${GTSV_COMMIT:-unknown}-$1${6:-}" > /tmp/z/last.log 2>&1
  echo "$1${6:-} r$2 $3 n=$4 rc=$? at $(el) s"
}
for r in 1 2; do
  order="old base bf"; [ $r = 2 ] && order="bf base old"
  for s in "d 8388608" "d 33554432" "s 8388608" "s 33554432"; do
    for v in $order; do one $v $r $s || break 3; done
  done
done
for v in base bf; do
  one $v 1 d 8388608 "256:16:0:0,416:16:0:0,640:16:0:0,512:32:0:0" -c
  one $v 1 d 33554432 "1024:16:0:0,1280:16:0:0,2048:16:0:0" -c
done
for v in old base bf; do
  [ "$(left)" -gt 200 ] || break
  timeout 60 $NCU --clock-control none --kernel-name regex:"sweep_kernel" --launch-skip 1 --launch-count 1 \
    --section SpeedOfLight --section WarpStateStats --section InstructionStats --section LaunchStats --section Occupancy \
    prebuilt/gtsv-gpu-bench-$v --only pdpshape --prec d --n 8388608 --shapes 0:0:0:0 --reps 2 > /tmp/z/ncu-$v.txt 2>&1
  echo "ncu $v rc=$? at $(el) s"
done
B=$(( $(left) - 10 ))
for t in check_gpu_pdp check_gpu_pdp-bf check_gpu; do
  (CK_FORK=no CK_DEFAULT_TIMEOUT=1200 timeout $B prebuilt/$t > /tmp/z/$t.log 2>&1; echo "$t rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/$t.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
done
wait
cat /tmp/z/status.txt
grep -hE "FAIL|failures; first" /tmp/z/check_gpu*.log | head -8 | cut -c1-600
for f in /tmp/z/ncu-*.txt; do echo "$(basename $f .txt): $(grep -E 'Duration|Executed Instructions  |Warp Cycles Per Issued|Registers Per|Achieved Occupancy' $f | tr -s ' ' | cut -c1-60 | tr '\n' ';')"; done
for f in /tmp/z/*-r1.md /tmp/z/*-r2.md; do echo "$(basename $f .md): $(grep -hE 'PDP' $f | cut -d'|' -f3,4,5,7 | tr -s ' ' | tr '\n' ' ')"; done
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
