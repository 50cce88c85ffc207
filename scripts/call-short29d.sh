# Session 29, device call 4: check_lapack with every call offloaded (GTSV_LAPACK_GPU_MIN_N=1,
# the flat 10x-LAPACK bound; call 3 could not dlopen the shim at its build path), the
# managed-memory offload probe, and compute-sanitizer memcheck and racecheck of
# check_gpu_batch's nrhs case (the short paths) at GTSV_GPU_TEST_SMALL=1 / 2.
set -u
source scripts/device-prologue.sh
SO=/work/main/build/src/lapack
mkdir -p $SO 2>/dev/null && cp prebuilt/lib/libgtsv_lapack.so.0.1.0 $SO/ && echo "shim at $SO" || echo "cannot write $SO"
B=$(( $(left) - 10 ))
(CK_FORK=no CK_DEFAULT_TIMEOUT=1200 GTSV_LAPACK_GPU_MIN_N=1 timeout $B prebuilt/check_lapack > /tmp/z/check_lapack.log 2>&1; echo "check_lapack offload rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/check_lapack.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
(GTSV_LAPACK_GPU_MIN_N=1 timeout 120 prebuilt/lapack_managed_probe > /tmp/z/managed.log 2>&1; echo "lapack_managed_probe offload rc=$? at $(el) s" >> /tmp/z/status.txt) &
(CK_RUN_CASE=nrhs CK_FORK=no CK_DEFAULT_TIMEOUT=1200 GTSV_GPU_TEST_SMALL=1 timeout $B \
   compute-sanitizer --tool memcheck prebuilt/check_gpu_batch > /tmp/z/mem_nrhs.log 2>&1
 echo "memcheck nrhs rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks|ERROR SUMMARY' /tmp/z/mem_nrhs.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
(CK_RUN_CASE=nrhs CK_FORK=no CK_DEFAULT_TIMEOUT=1200 GTSV_GPU_TEST_SMALL=2 timeout $B \
   compute-sanitizer --tool racecheck --racecheck-report hazard prebuilt/check_gpu_batch > /tmp/z/race_nrhs.log 2>&1
 echo "racecheck nrhs rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks|RACECHECK SUMMARY' /tmp/z/race_nrhs.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
wait
cat /tmp/z/status.txt
grep -hE "[0-9]+: .*(Failure|Error)|failures; first" /tmp/z/*.log | head -8 | cut -c1-400
tail -3 /tmp/z/managed.log
grep -h "AUTO one column" /tmp/z/mem_nrhs.log /tmp/z/race_nrhs.log
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
