# Session 27, device call 6: prebuilt binaries of 7e7e6bd (pdp_consistent with all three
# minors): the single-system benchmark (double and float), then check_gpu_pdp and
# check_gpu in full and memcheck of check_gpu_pdp (GTSV_GPU_TEST_SMALL=1) at once.
set -u
source scripts/device-prologue.sh
timeout 60 prebuilt/gtsv-gpu-bench-base --only single --prec both --reps 10 --md /tmp/z/single.md \
  --commit "${GTSV_COMMIT:-unknown}" > /tmp/z/single.log 2>&1
echo "bench rc=$? at $(el) s"
grep -E "\| (cusparse gtsv2|gtsv PDP) \|" /tmp/z/single.md | grep -v "2\^20" | cut -c1-96
B=$(( $(left) - 8 ))
export CK_FORK=no CK_DEFAULT_TIMEOUT=1200
for t in check_gpu_pdp check_gpu; do
  (timeout $B prebuilt/$t > /tmp/z/$t.log 2>&1; echo "$t rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/$t.log)" >> /tmp/z/status.txt) &
done
(GTSV_GPU_TEST_SMALL=1 timeout $B compute-sanitizer --tool memcheck --error-exitcode 99 \
   prebuilt/check_gpu_pdp > /tmp/z/memcheck-pdp.log 2>&1
 echo "memcheck check_gpu_pdp (small) rc=$? at $(el) s: $(grep -E 'ERROR SUMMARY|Checks' /tmp/z/memcheck-pdp.log | tail -2 | tr '\n' ' ')" >> /tmp/z/status.txt) &
wait
cat /tmp/z/status.txt
grep -hE "^check_gpu_pdp:" /tmp/z/check_gpu_pdp.log | head -6
grep -hE ":[FE]:" /tmp/z/check_gpu*.log /tmp/z/memcheck-pdp.log | head -8 | cut -c1-300
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
