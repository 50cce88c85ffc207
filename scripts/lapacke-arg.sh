# Sourced by the GPU machine's scripts (gpu.sh, profile.sh, call-*.sh): sets LAPACKE_ARG,
# the CMake argument that points at lapacke.h where CMake does not look for it
# (LAPACKE_INCLUDE_DIR from the environment first).
LAPACKE_ARG=()
if [ -n "${LAPACKE_INCLUDE_DIR:-}" ]; then
  LAPACKE_ARG=(-DLAPACKE_INCLUDE_DIR="$LAPACKE_INCLUDE_DIR")
elif [ ! -f /usr/include/lapacke.h ]; then
  for d in /usr/include/lapacke /usr/include/openblas /usr/include/x86_64-linux-gnu \
           /usr/local/include /opt/lapack/include; do
    if [ -f "$d/lapacke.h" ]; then LAPACKE_ARG=(-DLAPACKE_INCLUDE_DIR="$d"); break; fi
  done
fi
