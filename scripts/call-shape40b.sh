# Session 40, device call 2: stages of K = 32 rows (256-byte pieces in double, 128 in
# float) and C = 1024 rows a thread, against the default (C 512, K 16); the fallback
# kernels behind the sweeps now loop over tickets on a grid of resident blocks (LOOP), so
# that their gated launches cost little. The single-system table (--only single), the same
# binary, variants in turn by environment, two rounds; then check_gpu_pdp (all cases) and
# check_gpu beside compute-sanitizer memcheck of check_gpu_pdp's main case and racecheck of
# its sweep case at the tiny level.
set -u
source scripts/device-prologue.sh
for r in 1 2; do
  for v in def c512k32 c1024k16 c1024k32 fk32 bk32 b1k32 s0; do
    [ "$(left)" -gt 250 ] || break
    case $v in
      def) e="";;
      fk32) e="GTSV_PDP_SWEEP_FK=32";;
      bk32) e="GTSV_PDP_SWEEP_BK=32";;
      b1k32) e="GTSV_PDP_SWEEP_BWD=1 GTSV_PDP_SWEEP_FK=32 GTSV_PDP_SWEEP_BK=32";;
      s0) e="GTSV_PDP_SWEEP=0";;
      *) c=${v#c}; c=${c%k*}; k=${v#*k}
         e="GTSV_PDP_SWEEP_FC=$c GTSV_PDP_SWEEP_FK=$k GTSV_PDP_SWEEP_BC=$c GTSV_PDP_SWEEP_BK=$k";;
    esac
    env $e timeout 100 prebuilt/gtsv-gpu-bench-base --only single --reps 20 \
      --md /tmp/z/single-$v-r$r.md --commit "${GTSV_COMMIT:-unknown}-$v" > /tmp/z/single-$v-r$r.log 2>&1
    echo "single $v r$r rc=$? at $(el) s"
  done
done
B=$(( $(left) - 10 ))
for t in check_gpu_pdp check_gpu; do
  (CK_FORK=no CK_DEFAULT_TIMEOUT=1200 timeout $B prebuilt/$t > /tmp/z/$t.log 2>&1; echo "$t rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/$t.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
done
(CK_FORK=no CK_DEFAULT_TIMEOUT=1200 CK_RUN_CASE=gpu_pdp GTSV_GPU_TEST_SMALL=2 timeout $B compute-sanitizer --tool memcheck --error-exitcode 99 prebuilt/check_gpu_pdp > /tmp/z/memcheck-pdp.log 2>&1
  echo "memcheck gpu_pdp tiny rc=$? at $(el) s: $(grep -E 'ERROR SUMMARY|^[0-9]+%: Checks' /tmp/z/memcheck-pdp.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
(CK_FORK=no CK_DEFAULT_TIMEOUT=1200 CK_RUN_CASE=sweep GTSV_GPU_TEST_SMALL=2 timeout $B compute-sanitizer --tool racecheck --error-exitcode 99 prebuilt/check_gpu_pdp > /tmp/z/racecheck-sweep.log 2>&1
  echo "racecheck sweep tiny rc=$? at $(el) s: $(grep -E 'RACECHECK SUMMARY|^[0-9]+%: Checks' /tmp/z/racecheck-sweep.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
wait
cat /tmp/z/status.txt
grep -hE "FAIL|failures; first" /tmp/z/check_gpu*.log /tmp/z/memcheck-pdp.log /tmp/z/racecheck-sweep.log | head -8 | cut -c1-600
for f in /tmp/z/single-*-r1.md; do echo "== $f"; grep -E "PDP" $f | grep -v "2^20" | cut -c1-100; done
grep -h "PDP.*2^20" /tmp/z/single-s0-r1.md /tmp/z/single-def-r1.md | cut -c1-100
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
