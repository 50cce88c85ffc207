# Session 29, device call 2: the --only short table again, with columns 1..1024 (call 1
# timed out in cuSPARSE gtsv2's 16384-column graph rows before n = 64 and float).
set -u
source scripts/device-prologue.sh
timeout 400 prebuilt/gtsv-gpu-bench-base --only short --prec both --reps 20 \
  --md /tmp/z/short.md --commit "${GTSV_COMMIT:-unknown}" > /tmp/z/bench.log 2>&1
echo "bench rc=$? at $(el) s"
grep -E "^\| short" /tmp/z/short.md | grep -v "n=8 \|n=16 " | awk -F'|' '{printf "%-26s %-32s %8s %9s %9s\n",$2,$3,$4,$6,$7}'
cd /tmp/z && tar czf $FINAL/z.tgz .
