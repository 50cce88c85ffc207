# Session 26, device call 4 (no build): prebuilt/bins.tar.xz holds the benchmark linked here
# (sm_90, Release, library of the commit named below) six ways: base (128 x 16, WARM 16) and
# pdp.cu compiled with -DGTSV_PDP_THREADS/_C/_WARM (MINB=1 above 256 threads): t512c8, t640c8,
# t512c8w8, t640c8w8 (WARM = 8), t256c8w8 (three blocks an SM). Single systems: double and float
# 2^23 and 2^25 for each, base again last.
set -u
T0=$(date +%s)
C=${GTSV_COMMIT:-unknown}
mkdir -p /tmp/pb && tar xJf prebuilt/bins.tar.xz -C /tmp/pb
echo "unpacked at $(( $(date +%s) - T0 )) s"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
run() { # tag binary args...
  local tag=$1 v=$2; shift 2
  [ $(( $(date +%s) - T0 )) -gt ${LIMIT:-300} ] && { echo "stopped before $tag"; return; }
  timeout 120 /tmp/pb/gtsv-gpu-bench-$v "$@" --md /tmp/pb/$tag.md --commit $C-$v > /tmp/pb/$tag.log 2>&1
  echo "$tag rc=$? at $(( $(date +%s) - T0 )) s"
  grep -E "\| (cusparse gtsv2|gtsv PDP) \|" /tmp/pb/$tag.md | cut -c1-110
}
for p in d s; do
  for n in 8388608 33554432; do
    for v in base t512c8 t640c8 t512c8w8 t640c8w8 t256c8w8 base2; do run $p$n-$v ${v%2} --only single --prec $p --n $n --reps 10; done
  done
done
echo "done at $(( $(date +%s) - T0 )) s"
cd /tmp/pb && tar czf $OUT/tables.tgz *.md *.log
