# Session 26, device call 3 (no build): prebuilt/bins.tar.xz holds the benchmark linked here
# (sm_90, Release, library of the commit named below) six ways: base (PDP tiles of 128 threads
# x 16 rows) and pdp.cu compiled with -DGTSV_PDP_THREADS/_C (MINB=1): t512c8, t640c8, t768c8,
# t1024c4, t512c8r16 (512 x 8 with 16 provisional rounds). Single systems: double 2^23 and
# 2^25 for each, base again last; then float 2^23 and 2^25 for base, t512c8, t640c8, t768c8.
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
for n in 8388608 33554432; do
  for v in base t512c8 t640c8 t768c8 t1024c4 t512c8r16 base; do run d$n-$v $v --only single --prec d --n $n --reps 10; done
done
for n in 8388608 33554432; do
  for v in base t512c8 t640c8 t768c8; do run s$n-$v $v --only single --prec s --n $n --reps 10; done
done
echo "done at $(( $(date +%s) - T0 )) s"
cd /tmp/pb && tar czf $OUT/tables.tgz *.md *.log
