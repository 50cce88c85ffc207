# Session 40, device call 3: A/B of what changed between calls 1 and 2 (the sweeps' carveout, GTSV_PDP_SWEEP_CARVE; the gated kernels' loop form, GTSV_PDP_GATE_LOOP) and of the candidate shapes; then the GPU tests (no racecheck: the kernels' shared-memory code is call 2's).
set -u
source scripts/device-prologue.sh
for r in 1 2; do
  for v in def carve1 loop0 fk32 c1024k16 b1k32; do
    [ "$(left)" -gt 250 ] || break
    case $v in
      def) e="";;
      carve1) e="GTSV_PDP_SWEEP_CARVE=1";;
      loop0) e="GTSV_PDP_GATE_LOOP=0";;
      fk32) e="GTSV_PDP_SWEEP_FK=32";;
      b1k32) e="GTSV_PDP_SWEEP_BWD=1 GTSV_PDP_SWEEP_FK=32 GTSV_PDP_SWEEP_BK=32";;
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
wait
cat /tmp/z/status.txt
grep -hE "FAIL|failures; first" /tmp/z/check_gpu*.log /tmp/z/memcheck-pdp.log | head -8 | cut -c1-600
for f in /tmp/z/single-*-r1.md; do echo "== $f"; grep -E "PDP" $f | grep -v "2^20" | cut -c1-100; done
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
