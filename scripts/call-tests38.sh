# Session 38, device call 10: the GPU tests of the library that lands (a2b5a4a; its GPU code
# is 99fa78f's): check_gpu_batch alone, check_gpu_spike and check_gpu beside compute-sanitizer
# racecheck and memcheck of check_gpu_batch's tilespec and tilepdl cases, tilepdl repeated.
set -u
source scripts/device-prologue.sh
gpu_tests
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
