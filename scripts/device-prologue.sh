# Sourced by a device call script (scripts/call-*.sh) that runs prebuilt binaries:
# unpacks prebuilt/bins.tar.xz (scripts/prebuild.sh, scripts/prebuild-tests.sh), puts
# prebuilt/lib on LD_LIBRARY_PATH, and defines T0, left (seconds left before LIMIT,
# default 585) and el (seconds since T0). Results go under /tmp/z; the caller tars them
# into $OUT at the end (the tool returns few files).
T0=$(date +%s)
FINAL=$OUT
mkdir -p /tmp/z && rm -rf /tmp/z/*
left() { echo $(( ${LIMIT:-585} - ($(date +%s) - T0) - 5 )); }
el() { echo $(( $(date +%s) - T0 )); }
if [ -f prebuilt/bins.tar.xz ]; then
  (cd prebuilt && xz -dc bins.tar.xz | tar xf -)
fi
export LD_LIBRARY_PATH=$PWD/prebuilt/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
echo "unpacked at $(el) s"

# Helpers for call scripts (since session 37; the earlier scripts, records of what ran,
# spell them out). ab ROUND N PREC "VARIANTS" [BATCH]: gtsv-gpu-bench-VARIANT --only batch
# for each variant in turn, --md /tmp/z/ab-VARIANT-PREC-N[xBATCH]-rROUND.md, stopping (return
# 1) when fewer than AB_RESERVE (default 230) seconds are left. gpu_tests: check_gpu_batch
# alone, then check_gpu_spike and check_gpu beside compute-sanitizer racecheck and memcheck
# of check_gpu_batch's tilespec and tilepdl cases (GTSV_GPU_TEST_SMALL=1), and the tilepdl
# case repeated while they run; prints the failures and the tilepdl count.
ab() {
  local r=$1 n=$2 p=$3 vs=$4 b=${5:-}
  for v in $vs; do
    [ "$(left)" -gt "${AB_RESERVE:-230}" ] || { echo "ab cut at $(el) s"; return 1; }
    timeout 60 prebuilt/gtsv-gpu-bench-$v --only batch --n $n ${b:+--batch $b} --prec $p --reps 20 \
      --md /tmp/z/ab-$v-$p-$n${b:+x$b}-r$r.md --commit "${GTSV_COMMIT:-unknown}-$v" > /tmp/z/last.log 2>&1
    echo "ab r$r $v $p n=$n${b:+ batch=$b} rc=$? at $(el) s"
  done
}
gpu_tests() {
  local B t c k
  CK_FORK=no CK_DEFAULT_TIMEOUT=1200 timeout 150 prebuilt/check_gpu_batch > /tmp/z/check_gpu_batch.log 2>&1
  echo "check_gpu_batch alone rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/check_gpu_batch.log | tr '\n' ' ')" >> /tmp/z/status.txt
  B=$(( $(left) - 10 ))
  for t in check_gpu_spike check_gpu; do
    (CK_FORK=no CK_DEFAULT_TIMEOUT=1200 timeout $B prebuilt/$t > /tmp/z/$t.log 2>&1; echo "$t rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/$t.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
  done
  for c in tilespec tilepdl; do
    (for tool in racecheck memcheck; do
      CK_FORK=no CK_DEFAULT_TIMEOUT=1200 CK_RUN_CASE=$c GTSV_GPU_TEST_SMALL=1 timeout $B compute-sanitizer --tool $tool --error-exitcode 99 prebuilt/check_gpu_batch > /tmp/z/$tool-$c.log 2>&1
      echo "$tool $c small rc=$? at $(el) s: $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY|^[0-9]+%: Checks' /tmp/z/$tool-$c.log | tr '\n' ' ')" >> /tmp/z/status.txt
    done) &
  done
  k=0
  while [ "$(left)" -gt 20 ] && [ $(jobs -r | wc -l) -gt 0 ]; do
    k=$((k + 1))
    CK_FORK=no CK_RUN_CASE=tilepdl timeout 60 prebuilt/check_gpu_batch > /tmp/z/tilepdl-busy-$k.log 2>&1
    echo "tilepdl busy $k rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/tilepdl-busy-$k.log | tr '\n' ' ')" >> /tmp/z/status.txt
  done
  wait
  grep -v "tilepdl busy.*Failures: 0, Errors: 0" /tmp/z/status.txt
  echo "tilepdl passed $(grep -c 'tilepdl busy.*Failures: 0, Errors: 0' /tmp/z/status.txt) of $(grep -c 'tilepdl busy' /tmp/z/status.txt)"
  grep -hE "[0-9]+: .*(Failure|Error)|failures; first" /tmp/z/check_gpu*.log /tmp/z/*-tile*.log /tmp/z/tilepdl-*.log | head -6 | cut -c1-700
}
# pdp_tests (since session 41; calls 1, 2 and 4 of that session spell it out): check_gpu_pdp
# and check_gpu beside compute-sanitizer memcheck of check_gpu_pdp's main case and
# racecheck of its sweep case at the tiny level (GTSV_GPU_TEST_SMALL=2; the racecheck takes
# about 330 s on an H200); prints their status lines and the first failures.
pdp_tests() {
  local B t
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
}
