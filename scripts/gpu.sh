#!/usr/bin/env bash
# The one script for the GPU machine (CUDA 13, CMake, reference LAPACKE; no Check,
# no OpenBLAS, no network). From the repository root:
#
#     OUT=/some/dir scripts/gpu.sh          (OUT defaults to ./out)
#
# Steps: configure (sm_90, Release) + build; ctest (every test, GPU ones included)
# -> $OUT/ctest.log; compute-sanitizer memcheck and racecheck on check_gpu_batch at
# reduced size -> $OUT/memcheck.log, $OUT/racecheck.log; the benchmark ->
# $OUT/bench.md (+ $OUT/bench.log); a summary table last.
#
# Check comes unpacked from its Debian package in .deps/ (dpkg -x): its .pc files
# name prefix=/usr, so copies with the prefix rewritten to .deps/usr are made in
# the build directory and PKG_CONFIG_PATH points there.
#
# Knobs (environment): SKIP="ctest memcheck racecheck bench" (any subset),
# SAN_TESTS (GPU tests run under compute-sanitizer; default check_gpu_batch check_gpu_spike),
# BENCH_ARGS="--quick" (or "--only batch", ...), JOBS, BUILD (build directory),
# LAPACKE_INCLUDE_DIR (when lapacke.h is somewhere CMake does not look),
# GTSV_COMMIT (the tree's commit; else read from .git), CTEST_TIMEOUT (per test, default 600).
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT" || exit 1
OUT=${OUT:-$ROOT/out}
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
BUILD=${BUILD:-$ROOT/build-h200}
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 8)}
SKIP=${SKIP:-}
BENCH_ARGS=${BENCH_ARGS:-}
CTEST_TIMEOUT=${CTEST_TIMEOUT:-600}
SUMMARY=()
skip() { case " $SKIP " in *" $1 "*) return 0 ;; esac; return 1; }
note() { SUMMARY+=("$(printf '%-12s %-8s %s' "$1" "$2" "$3")"); }
step() { echo; echo "==== $* ($(date -u +%H:%M:%S))"; }

# ---- CUDA tools on PATH --------------------------------------------------------
for d in /usr/local/cuda/bin /usr/local/cuda-13.0/bin; do
  [ -d "$d" ] && case ":$PATH:" in *":$d:"*) ;; *) PATH="$PATH:$d" ;; esac
done
export PATH

# ---- Check from .deps ------------------------------------------------------------
mkdir -p "$BUILD"
if [ -d "$ROOT/.deps/usr" ]; then
  PCDIR="$BUILD/deps-pkgconfig"
  mkdir -p "$PCDIR"
  for pc in "$ROOT"/.deps/usr/lib/*/pkgconfig/*.pc "$ROOT"/.deps/usr/lib/pkgconfig/*.pc \
            "$ROOT"/.deps/usr/share/pkgconfig/*.pc; do
    [ -f "$pc" ] || continue
    sed -e "s|^prefix=.*|prefix=$ROOT/.deps/usr|" "$pc" > "$PCDIR/$(basename "$pc")"
  done
  export PKG_CONFIG_PATH="$PCDIR${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
  for d in "$ROOT"/.deps/usr/lib/x86_64-linux-gnu "$ROOT"/.deps/usr/lib; do
    [ -d "$d" ] && export LD_LIBRARY_PATH="$d${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  done
  echo "Check from .deps: $(PKG_CONFIG_PATH=$PCDIR pkg-config --modversion check 2>/dev/null || echo 'check.pc not usable')"
fi

# ---- LAPACKE header -------------------------------------------------------------------
. "$ROOT/scripts/lapacke-arg.sh"

# GTSV_COMMIT first: the device's copy of the tree may carry a stale .git
if [ -n "${GTSV_COMMIT:-}" ]; then
  COMMIT=$GTSV_COMMIT
else
  COMMIT=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
  if git rev-parse --git-dir >/dev/null 2>&1 && [ -n "$(git status --porcelain -uno 2>/dev/null)" ]; then
    COMMIT="$COMMIT+dirty"
  fi
fi

# ---- configure + build --------------------------------------------------------------------
step configure
if ! cmake -S . -B "$BUILD" -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 \
     -DGTSV_WITH_CUDA=ON "${LAPACKE_ARG[@]}" > "$OUT/configure.log" 2>&1; then
  tail -40 "$OUT/configure.log"
  echo "configure FAILED (log: $OUT/configure.log)"
  exit 1
fi
step build
if ! cmake --build "$BUILD" -j "$JOBS" > "$OUT/build.log" 2>&1; then
  grep -E "error|Error" "$OUT/build.log" | head -40
  note build FAILED "$OUT/build.log"
  BUILD_OK=0
else
  note build ok "sm_90 Release, commit $COMMIT"
  BUILD_OK=1
fi
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader 2>/dev/null | sed 's/^/GPU: /'

# ---- ctest ------------------------------------------------------------------------------------
if ! skip ctest; then
  step "ctest (all tests) -> $OUT/ctest.log"
  (cd "$BUILD" && ctest --output-on-failure -j "$JOBS" --timeout "$CTEST_TIMEOUT" ${CTEST_ARGS:-}) \
    > "$OUT/ctest.log" 2>&1
  rc=$?
  grep -E "tests passed|Not Run|Failed|\*\*\*|Skipped" "$OUT/ctest.log" | tail -25
  line=$(grep -E "tests passed" "$OUT/ctest.log" | tail -1)
  skipped=$(grep -c "Skipped" "$OUT/ctest.log")
  note ctest "$([ $rc -eq 0 ] && echo ok || echo FAILED)" "${line:-no summary} (skipped lines: $skipped)"
fi

# ---- compute-sanitizer ---------------------------------------------------------------------------
SAN=$(command -v compute-sanitizer || true)
SAN_TESTS=${SAN_TESTS:-check_gpu_batch check_gpu_spike}
for t in $SAN_TESTS; do
  GTEST="$BUILD/tests/$t"
  for tool in memcheck racecheck; do
    skip $tool && continue
    if [ -z "$SAN" ] || [ ! -x "$GTEST" ]; then
      note $tool "n/a" "compute-sanitizer or $GTEST missing"
      continue
    fi
    step "compute-sanitizer --tool $tool $t (GTSV_GPU_TEST_SMALL=1) -> $OUT/$tool-$t.log"
    extra=()
    [ $tool = memcheck ] && extra=(--leak-check full)
    GTSV_GPU_TEST_SMALL=1 CK_FORK=no CK_DEFAULT_TIMEOUT=1200 \
      "$SAN" --tool $tool --error-exitcode 99 "${extra[@]}" "$GTEST" > "$OUT/$tool-$t.log" 2>&1
    rc=$?
    tail -5 "$OUT/$tool-$t.log"
    errs=$(grep -E "ERROR SUMMARY|RACECHECK SUMMARY" "$OUT/$tool-$t.log" | tail -1)
    note "$tool" "$([ $rc -eq 0 ] && echo ok || echo "FAILED($rc)")" "$t: ${errs:-no sanitizer summary}"
  done
done

# ---- benchmark --------------------------------------------------------------------------------------
if ! skip bench; then
  BENCH="$BUILD/bench/gtsv-gpu-bench"
  if [ -x "$BENCH" ]; then
    step "gtsv-gpu-bench $BENCH_ARGS -> $OUT/bench.md"
    # shellcheck disable=SC2086
    "$BENCH" --md "$OUT/bench.md" --commit "$COMMIT" $BENCH_ARGS 2>&1 | tee "$OUT/bench.log"
    rc=${PIPESTATUS[0]}
    note bench "$([ $rc -eq 0 ] && echo ok || echo "FAILED($rc)")" "$OUT/bench.md"
  else
    note bench "n/a" "$BENCH not built"
  fi
fi

# ---- summary ---------------------------------------------------------------------------------------
echo
echo "==== summary (outputs in $OUT)"
printf '%-12s %-8s %s\n' step status detail
for l in "${SUMMARY[@]}"; do echo "$l"; done
if [ -f "$OUT/bench.md" ] && ! skip bench; then
  echo
  echo "gtsv rows of the benchmark (case | solver | ms | E | vs cuSPARSE ref | resid):"
  grep -E "^\| [^|]+ \| gtsv " "$OUT/bench.md" | awk -F'|' '{printf "%-28s %-24s %10s %7s %8s %10s\n", $2, $3, $4, $5, $6, $7}'
fi
[ "$BUILD_OK" = 1 ] || exit 1
exit 0
