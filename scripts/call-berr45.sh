# Session 45, device call 1: the backward-error check of shifted attempts' answers
# (tile_core.h kBerrMode / GTSV_TILE_BERR: base = 1, the tree; b0 = 0, the check off as
# before; b2 = 2, every attempt's answer checked: built, not carried, the carry too large). 1) a scratch diagnostic (prebuilt/diag-V,
# base and b0:
# /tmp/d45/diag.cu, not in the tree) on each variant: the float 2x2-forcing n = 620 system
# 2038 of check_gpu_batch tiledefer (its GPU x against the host's emulated attempts), then a
# sweep of 2x2-forcing and random batches (n = 256, 512, 620, 1024, 4100 systems, 3 seeds,
# float and double) against LAPACK; 2) gtsv-gpu-bench --only batch --lean of the three,
# interleaved, two rounds; 3) the GPU tests (gpu_tests, memcheck of tiledefer) on base.
set -u
source scripts/device-prologue.sh
for d in /usr/local/cuda/bin /usr/local/cuda-13.0/bin; do [ -d "$d" ] && PATH="$PATH:$d"; done
for v in base b0; do
  timeout 100 prebuilt/diag-$v 1 > /tmp/z/diag-$v.log 2>&1
  echo "diag $v rc=$? at $(el) s"
done
for v in base b0; do echo "== $v"; head -12 /tmp/z/diag-$v.log | cut -c1-200; grep -c "failures 0," /tmp/z/diag-$v.log; grep -v "failures 0," /tmp/z/diag-$v.log | grep "failures" | cut -c1-160; done
for r in 1 2; do
  for s in "d 256" "d 1024" "s 256" "d 512"; do
    set -- $s
    for v in base b0; do
      [ "$(left)" -gt 300 ] || break
      timeout 60 prebuilt/gtsv-gpu-bench-$v --only batch --lean --prec $1 --n $2 --reps 20 \
        --md /tmp/z/ab-$v-$1-$2-r$r.md --commit "$GTSV_COMMIT-$v" > /tmp/z/last.log 2>&1
      echo "ab r$r $v $1 n=$2 rc=$? at $(el) s"
    done
  done
done
for v in base b0; do
  [ "$(left)" -gt 280 ] || break
  timeout 60 prebuilt/gtsv-gpu-bench-$v --only batch --lean --prec d --n 512 --batch 512 --reps 20 \
    --md /tmp/z/ab-$v-d-512x512.md --commit "$GTSV_COMMIT-$v" > /tmp/z/last.log 2>&1
  echo "ab $v d 512x512 rc=$? at $(el) s"
done
for f in /tmp/z/ab-*.md; do echo "$(basename $f .md): $(grep -hE 'gtsv strided_batch|graph' $f | cut -d'|' -f2,4,5 | tr -s ' ' | tr '\n' ' ')"; done
B=$(( $(left) - 10 ))
(CK_FORK=no CK_DEFAULT_TIMEOUT=1200 CK_RUN_CASE=tiledefer GTSV_GPU_TEST_SMALL=1 timeout $B compute-sanitizer --tool memcheck --error-exitcode 99 prebuilt/check_gpu_batch > /tmp/z/memcheck-tiledefer.log 2>&1
  echo "memcheck tiledefer small rc=$? at $(el) s: $(grep -E 'ERROR SUMMARY|^[0-9]+%: Checks' /tmp/z/memcheck-tiledefer.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
gpu_tests
wait
grep -E "tiledefer" /tmp/z/status.txt
grep -h "^defer " /tmp/z/check_gpu_batch.log | head -50 | tr '\n' ';' | cut -c1-1500; echo
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
