# Session 40, device call 5: the sweep's pivot block with explicit fused multiply-adds
# (GTSV_PDP_SWEEP_FMA=1, gtsv-gpu-bench-fma: pdp_sweep.cu so compiled) against the library
# (gtsv-gpu-bench-base), and the backward sweep's C at 256 and 1024 (GTSV_PDP_SWEEP_BC) in
# the library; --only single, in turn, two rounds; then check_gpu_pdp linked against the
# FMA variant (all cases).
set -u
source scripts/device-prologue.sh
for r in 1 2; do
  for v in def fma bc256 bc1024; do
    [ "$(left)" -gt 120 ] || break
    b=base; e=""
    case $v in fma) b=fma;; bc256) e="GTSV_PDP_SWEEP_BC=256";; bc1024) e="GTSV_PDP_SWEEP_BC=1024";; esac
    env $e timeout 60 prebuilt/gtsv-gpu-bench-$b --only single --reps 20 \
      --md /tmp/z/single-$v-r$r.md --commit "${GTSV_COMMIT:-unknown}-$v" > /tmp/z/single-$v-r$r.log 2>&1
    echo "single $v r$r rc=$? at $(el) s"
  done
done
B=$(( $(left) - 5 ))
CK_FORK=no CK_DEFAULT_TIMEOUT=1200 timeout $B prebuilt/check_gpu_pdp-fma > /tmp/z/check_gpu_pdp-fma.log 2>&1
echo "check_gpu_pdp-fma rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/check_gpu_pdp-fma.log | tr '\n' ' ')"
grep -hE "FAIL|failures; first" /tmp/z/check_gpu_pdp-fma.log | head -5 | cut -c1-400
for f in /tmp/z/single-*-r*.md; do echo "== $f"; grep -E "PDP" $f | grep -v "2^20" | cut -c1-100; done
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
