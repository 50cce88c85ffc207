/*
 * libgtsv_lapack: LAPACK's sgtsv_/dgtsv_ (reference Fortran ABI, LP64) solved by
 * gtsv's host AUTO path, optionally offloaded to a GPU.
 *
 * ABI. Fortran passes every argument by reference; INTEGER is C int (LP64: the
 * ILP64 "64_" interfaces with 8-byte integers are not provided). No CHARACTER
 * argument, so no hidden length arguments in ?gtsv_ itself. xerbla_ takes one:
 *     SUBROUTINE XERBLA(SRNAME, INFO)  ->  xerbla_(char *, int *, size_t len)
 * (gfortran >= 8 passes the length as size_t).
 *
 * Symbol resolution (ELF, glibc ld.so), and why the shim defines no xerbla_:
 *  - A call to dgtsv_ from a program or from liblapacke.so goes through the PLT
 *    and binds to the first definition in the global lookup scope: the
 *    executable, then LD_PRELOAD objects, then DT_NEEDED libraries breadth-first
 *    in link order. So LD_PRELOAD=libgtsv_lapack.so, or -lgtsv_lapack placed
 *    before -llapack, makes LAPACKE_dgtsv and every Fortran caller reach the
 *    functions below. (LAPACK's own internal callers of dgtsv_ are interposed too,
 *    unless that LAPACK was linked -Bsymbolic; none of reference LAPACK's drivers
 *    calls dgtsv_.)
 *  - ld.so does not honour weak versus strong between objects (LD_DYNAMIC_WEAK
 *    aside): a weak xerbla_ defined here would be the first definition whenever
 *    the executable has none, and under LD_PRELOAD it would then replace LAPACK's
 *    xerbla_ for every LAPACK routine of the process, not only ours. That is not
 *    safe, so there is no default xerbla_ here.
 *  - Instead the shim holds a weak *undefined* reference. It binds, at load time,
 *    to the executable's xerbla_ when the program defines one (the linker exports
 *    an executable's xerbla_ because liblapack references it; see the tests),
 *    else to LAPACK's, else to nothing (a program that uses the shim without any
 *    LAPACK): then INFO is still set and nothing is printed.
 *
 * One handle per thread: a _Thread_local pointer, created at the thread's first
 * call, with a pthread key whose destructor destroys the handle and the scratch
 * when the thread exits (thread pools that come and go do not leak). At process
 * exit nothing is freed on purpose: the main thread runs no key destructors on
 * exit(), and destroying handles from an atexit/destructor hook would race the
 * CUDA runtime's own teardown and any other exit hook that still calls dgtsv_;
 * the operating system reclaims the memory. The library is linked -z nodelete so
 * that a dlclose() cannot unmap the key destructor while threads still hold
 * handles.
 *
 * Calls are counted (gtsv_lapack_calls) so that a test, or a user, can verify
 * that this implementation, not LAPACK's, served the calls of a process.
 */
#define _GNU_SOURCE /* pthread, getenv and strtoll under -std=c11 */
#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "gtsv/gtsv.h"
#include "lapack/gtsv_lapack.h"

#define GTSV_LAPACK_EXPORT __attribute__((visibility("default")))

/* Fortran XERBLA: weak undefined reference (see the header comment). */
extern void xerbla_(const char *srname, const int *info, size_t srname_len)
    __attribute__((weak));

/* Number of sgtsv_/dgtsv_ calls this library has served in the process. */
GTSV_LAPACK_EXPORT long gtsv_lapack_calls(void);

typedef struct {
  gtsv_handle h;
  void *scratch;        /* host copies of dl, du (gtsv layout), grow-only */
  size_t scratch_size;
} lapack_thread;

static _Thread_local lapack_thread *tls;
static pthread_once_t key_once = PTHREAD_ONCE_INIT;
static pthread_key_t key;
static int key_ok;
static atomic_long ncalls;

static pthread_once_t env_once = PTHREAD_ONCE_INIT;
static int64_t gpu_min_n; /* 0 = offload off */

long gtsv_lapack_calls(void) { return atomic_load_explicit(&ncalls, memory_order_relaxed); }

static void thread_free(void *p)
{
  lapack_thread *t = (lapack_thread *)p;
  /* runs on the exiting thread itself: its tls is the pointer being freed; a
     later key destructor that calls dgtsv_ again gets a fresh one */
  if (tls == t) tls = NULL;
  gtsv_destroy(t->h);
  free(t->scratch);
  free(t);
}

static void key_init(void) { key_ok = pthread_key_create(&key, thread_free) == 0; }

/* The calling thread's state, created at its first call; NULL on ALLOC_FAILED. */
static lapack_thread *thread_state(void)
{
  lapack_thread *t;
  if (tls) return tls;
  pthread_once(&key_once, key_init);
  t = (lapack_thread *)calloc(1, sizeof *t);
  if (!t) return NULL;
  if (gtsv_create(&t->h) != GTSV_STATUS_SUCCESS) {
    free(t);
    return NULL;
  }
  /* without a key the state lives until process exit: a leak per thread, but
     never a wrong answer */
  if (key_ok) (void)pthread_setspecific(key, t);
  tls = t;
  return t;
}

/* Scratch of at least size bytes (content not kept); NULL on ALLOC_FAILED. */
static void *thread_scratch(lapack_thread *t, size_t size)
{
  if (size > t->scratch_size) {
    void *p = malloc(size);
    if (!p) return NULL;
    free(t->scratch);
    t->scratch = p;
    t->scratch_size = size;
  }
  return t->scratch;
}

/* GTSV_LAPACK_GPU_MIN_N, read once at the first call: offload when N >= it.
   Unset, empty, 0, negative or not a number: off. */
static void env_init(void)
{
  const char *s = getenv("GTSV_LAPACK_GPU_MIN_N");
  char *end;
  long long v;
  if (!s || !*s) return;
  v = strtoll(s, &end, 10);
  if (*end == '\0' && v > 0) gpu_min_n = (int64_t)v;
}

static int64_t gpu_threshold(void)
{
  pthread_once(&env_once, env_init);
  return gpu_min_n;
}

/* LAPACK's argument checks, in its order (N -> 1, NRHS -> 2, LDB -> 7), then this
   library's extension: a NULL array that LAPACK would dereference (DL 3, D 4,
   DU 5, B 6), where LAPACK would crash. Returns 0 or the argument number. */
static int check_args(const int *n, const int *nrhs, const void *dl, const void *d,
                      const void *du, const void *b, const int *ldb)
{
  if (!n || *n < 0) return 1;
  if (!nrhs || *nrhs < 0) return 2;
  if (!ldb || *ldb < (*n > 1 ? *n : 1)) return 7;
  if (*n > 1 && !dl) return 3;
  if (*n > 0 && !d) return 4;
  if (*n > 1 && !du) return 5;
  if (*n > 0 && *nrhs > 0 && !b) return 6;
  return 0;
}

static void report_bad_arg(const char *name6, int arg)
{
  if (xerbla_) xerbla_(name6, &arg, 6);
}

/* One generic body per precision (gtsv_lapack_gen.c). */
#define GL_T float
#define GL_NAME "SGTSV "
#define GL_FORTRAN sgtsv_
#define GL_API(name) gtsv_s##name
#define GL_GPU gtsv_lapack__sgpu
#define GL_IFN(name) gl_s_##name
#include "lapack/gtsv_lapack_gen.c"
#undef GL_T
#undef GL_NAME
#undef GL_FORTRAN
#undef GL_API
#undef GL_GPU
#undef GL_IFN

#define GL_T double
#define GL_NAME "DGTSV "
#define GL_FORTRAN dgtsv_
#define GL_API(name) gtsv_d##name
#define GL_GPU gtsv_lapack__dgpu
#define GL_IFN(name) gl_d_##name
#include "lapack/gtsv_lapack_gen.c"
#undef GL_T
#undef GL_NAME
#undef GL_FORTRAN
#undef GL_API
#undef GL_GPU
#undef GL_IFN
