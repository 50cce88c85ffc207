# Session 45, device call 2: the tree as it lands (kernels as 38f85eb; check_gpu_batch's judge on the
# larger of LAPACK's scale and the solver's own): gtsv-gpu-bench --only batch --lean, double strided
# n = 64..1024 (2^24 rows) and 512 x 512, float 64, 256, 1024, once each; then the GPU
# tests (gpu_tests; beside them check_gpu_pdp, check_gpu_arcr and compute-sanitizer memcheck of the
# tiledefer case at the small level).
set -u
source scripts/device-prologue.sh
for d in /usr/local/cuda/bin /usr/local/cuda-13.0/bin; do [ -d "$d" ] && PATH="$PATH:$d"; done
for s in "d 64" "d 128" "d 256" "d 512" "d 1024" "s 64" "s 256" "s 1024"; do
  set -- $s
  timeout 60 prebuilt/gtsv-gpu-bench-base --only batch --lean --prec $1 --n $2 --reps 20 \
    --md /tmp/z/final-$1-$2.md --commit "$GTSV_COMMIT" > /tmp/z/last.log 2>&1
  echo "final $1 n=$2 rc=$? at $(el) s"
done
timeout 60 prebuilt/gtsv-gpu-bench-base --only batch --lean --prec d --n 512 --batch 512 --reps 20 \
  --md /tmp/z/final-d-512x512.md --commit "$GTSV_COMMIT" > /tmp/z/last.log 2>&1
echo "final d 512x512 rc=$? at $(el) s"
for f in /tmp/z/final-*.md; do echo "$(basename $f .md): $(grep -hE 'gtsv strided_batch' $f | cut -d'|' -f2,4,5 | tr -s ' ' | tr '\n' ' ')"; done
B=$(( $(left) - 10 ))
(CK_FORK=no CK_DEFAULT_TIMEOUT=1200 timeout $B prebuilt/check_gpu_pdp > /tmp/z/check_gpu_pdp.log 2>&1
  echo "check_gpu_pdp rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/check_gpu_pdp.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
(CK_FORK=no CK_DEFAULT_TIMEOUT=1200 timeout $B prebuilt/check_gpu_arcr > /tmp/z/check_gpu_arcr.log 2>&1
  echo "check_gpu_arcr rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/check_gpu_arcr.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
(CK_FORK=no CK_DEFAULT_TIMEOUT=1200 CK_RUN_CASE=tiledefer GTSV_GPU_TEST_SMALL=1 timeout $B compute-sanitizer --tool memcheck --error-exitcode 99 prebuilt/check_gpu_batch > /tmp/z/memcheck-tiledefer.log 2>&1
  echo "memcheck tiledefer small rc=$? at $(el) s: $(grep -E 'ERROR SUMMARY|^[0-9]+%: Checks' /tmp/z/memcheck-tiledefer.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
gpu_tests
wait
grep -E "check_gpu_pdp|check_gpu_arcr|tiledefer" /tmp/z/status.txt
grep -hE "[0-9]+: .*(Failure|Error)|failures; first" /tmp/z/check_gpu_pdp.log /tmp/z/check_gpu_arcr.log | head -4 | cut -c1-600
grep -h "^defer " /tmp/z/check_gpu_batch.log | head -50 | tr '\n' ';' | cut -c1-3000; echo
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
