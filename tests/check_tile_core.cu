/* The on-chip batch kernel's method (src/batch/batch_tile.cu) against LAPACK on the
   host, where CI runs it without a GPU: tile_emul.h emulates the kernel's decisions
   for one system with the kernel's own steps (tile_core.h: part_solve, reduced_row,
   seq_dp, part_finish, the Starts flags of the shifted interiors). Every partition
   size M the kernel uses; systems of one partition, several, 16 and more (the
   two-level reduced solve) and 32 (the most); every test matrix kind; and modes
   that force each way through the method: the two levels (red2 1), one level (0),
   the two levels always failed so that the reduced rows go back to the sequential
   solve (2), the reduced systems' checked cyclic reduction (pcr 1) always refused
   (2) and off (0), the first attempt failed so that every system takes the retries
   with shifted separators (at M = 64 interiors of up to 95 rows; systems of n <=
   kSeqRetryMaxN the sequential fallback instead), and the pivoting
   attempts only (strictly dominant systems otherwise take the attempt without
   pivoting first, spike_attempt_np: no_pivoting_only_when_dominant checks which
   systems do). Each case: every
   system against LAPACK (tu_problem_verdict), and the first singular system and
   row as the host DP_SEQ reports them. The GPU tests (check_gpu_batch) run the
   kernel itself. Also here: pivot_test_forms, the double pivot test's form without
   max against the forms with max (every GPU sweep and the host's DP_SEQ use it). */
#include <check.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <vector>
#include "testutil.h"
#include "batch/tile_emul.h"

using namespace gtsv_tile;

namespace {

struct Mode {
  const char *name;
  EmulOpts o;
};

/* Every system of P through emul_solve into P->x; returns the status a solver
   would (SINGULAR when a system is), and in *info, *row what gtsv_get_info would
   (1 + the first singular system and its row, or 0 and -1). */
template <typename T>
gtsv_status emulate(tu_problem *P, int M, const EmulOpts &o, EmulStats *st, int64_t *info,
                    int64_t *row)
{
  const int n = (int)P->n;
  std::vector<T> x(n);
  *info = 0;
  *row = -1;
  for (int64_t k = 0; k < P->batch; k++) {
    const T *a = (const T *)tu_sys_dl(P, k), *d = (const T *)tu_sys_d(P, k);
    const T *c = (const T *)tu_sys_du(P, k), *b = (const T *)tu_sys_b(P, k);
    const int bad = emul_solve<T>(n, M, a, d, c, b, x.data(), o, st);
    if (bad >= 0 && *info == 0) {
      *info = k + 1;
      *row = bad;
    }
    T *xo = (T *)tu_sys_x(P, k);
    for (int r = 0; r < n; r++) xo[r] = x[r];
  }
  return *info ? GTSV_STATUS_SINGULAR : GTSV_STATUS_SUCCESS;
}

/* The host DP_SEQ's gtsv_get_info on P's systems (the kernel's fallback runs its
   pivots, so a singular system is reported with DP_SEQ's row). */
void dp_seq_info(const tu_problem *P, int64_t *info, int64_t *row)
{
  gtsv_handle h;
  void *x = tu_dup(P->prec, P->b, P->blen);
  *info = -7;
  *row = -7;
  if (gtsv_create(&h) == GTSV_STATUS_SUCCESS) {
    gtsv_set_algo(h, GTSV_ALGO_DP_SEQ);
    (void)tu_gtsv_batch(h, P->prec, P->n, P->dl0, P->d0, P->du0, x, P->batch, P->stride);
    (void)gtsv_get_info(h, info, row);
    gtsv_destroy(h);
  }
  free(x);
}

void run_shape(tu_prec p, int M, int n, tu_kind kind, const Mode &m, uint64_t seed)
{
  tu_problem P;
  char why[256];
  const int64_t batch = 24;
  tu_problem_init(&P, p, kind, n, 1, n, batch, n, seed);
  EmulStats st;
  int64_t info, row, hi, hr;
  const gtsv_status s = p == TU_DOUBLE ? emulate<double>(&P, M, m.o, &st, &info, &row)
                                       : emulate<float>(&P, M, m.o, &st, &info, &row);
  TU_EXPECT(tu_problem_verdict(&P, s, why, sizeof why), "%s M=%d n=%d %s %s: %s", m.name, M,
            n, tu_prec_name(p), tu_kind_name(kind), why);
  dp_seq_info(&P, &hi, &hr);
  TU_EXPECT(info == hi && row == hr,
            "%s M=%d n=%d %s %s: info %lld row %lld, DP_SEQ %lld row %lld",
            m.name, M, n, tu_prec_name(p), tu_kind_name(kind), (long long)info, (long long)row,
            (long long)hi, (long long)hr);
  /* the mode took the way it is for (Pu: the kernel's partitions, tile_rows) */
  const int L = tile_rows(n, M), Pu = (n + L - 1) / L;
  if (m.o.fail_first && Pu >= 2 && n > kSeqRetryMaxN)
    TU_EXPECT(st.retries >= batch, "%s M=%d n=%d: %ld retries", m.name, M, n, st.retries);
  if (m.o.fail_first && Pu >= 2 && n <= kSeqRetryMaxN) /* straight to the fallback */
    TU_EXPECT(st.retries == 0 && st.fallbacks >= batch, "%s M=%d n=%d: %ld retries, %ld "
              "sequential fallbacks", m.name, M, n, st.retries, st.fallbacks);
  if (m.o.red2 == 2)
    TU_EXPECT(st.red2_fails == st.red2_tries, "%s M=%d n=%d: two levels tried %ld, failed %ld",
              m.name, M, n, st.red2_tries, st.red2_fails);
  /* dominant systems (strictly, d = 4 + U(-1,1)) take the attempt without pivoting
     and pass it; the other kinds are not dominant and never take it */
  const bool np_way = m.o.np && m.o.red2 != 0 && Pu - 1 >= kRed2MinRows;
  if (kind == TU_DOMINANT && np_way)
    TU_EXPECT(st.np_attempts == batch && st.np_fails == (m.o.np_fail ? batch : 0),
              "%s M=%d n=%d %s: %ld attempts without pivoting, %ld failed", m.name, M, n,
              tu_prec_name(p), st.np_attempts, st.np_fails);
  if (kind != TU_DOMINANT || !np_way)
    TU_EXPECT(st.np_attempts == 0, "%s M=%d n=%d %s %s: %ld attempts without pivoting",
              m.name, M, n, tu_prec_name(p), tu_kind_name(kind), st.np_attempts);
  /* without that attempt, dominant systems pass the first pivoting attempt's parts:
     the reduced solve runs */
  if (kind == TU_DOMINANT && (!np_way || m.o.np_fail) && m.o.red2 != 0 && m.o.pcr != 1 &&
      Pu - 1 >= kRed2MinRows)
    TU_EXPECT(st.red2_tries >= batch, "%s M=%d n=%d: two levels tried %ld times", m.name, M,
              n, st.red2_tries);
  if (m.o.red2 == 0) TU_EXPECT(st.red2_tries == 0, "%s: two levels tried", m.name);
  /* ... by checked cyclic reduction first, where it is on */
  if (kind == TU_DOMINANT && (!np_way || m.o.np_fail) && m.o.pcr != 0 &&
      Pu - 1 >= kPcrMinRows)
    TU_EXPECT(st.pcr_tries >= batch && (m.o.pcr == 2 || st.pcr_fails == 0),
              "%s M=%d n=%d: cyclic reduction tried %ld times, refused %ld (a dominant "
              "reduced system passes)", m.name, M, n, st.pcr_tries, st.pcr_fails);
  if (m.o.pcr == 0) TU_EXPECT(st.pcr_tries == 0, "%s: cyclic reduction tried", m.name);
  if (m.o.pcr == 2)
    TU_EXPECT(st.pcr_fails == st.pcr_tries, "%s M=%d n=%d: cyclic reduction tried %ld, "
              "refused %ld", m.name, M, n, st.pcr_tries, st.pcr_fails);
  tu_problem_free(&P);
}

} /* namespace */

START_TEST(tile_method_matches_lapack)
{
  static const int ms[] = {8, 16, 32, 64};
  static const tu_kind kinds[] = {TU_RANDOM,        TU_ZERO_DIAG,      TU_DOMINANT,
                                  TU_FORCE_2X2,     TU_NEAR_SING_PART, TU_ZERO_DIAG_PAIRS};
  Mode modes[7];
  modes[0].name = "two levels";
  modes[1].name = "one level";
  modes[1].o.red2 = 0;
  modes[2].name = "two levels failed";
  modes[2].o.red2 = 2;
  modes[2].o.pcr = 2; /* so that the two levels run */
  modes[3].name = "first attempt failed";
  modes[3].o.fail_first = true;
  modes[3].o.np_fail = true; /* dominant systems too */
  modes[4].name = "pivoting only"; /* no attempt without pivoting first */
  modes[4].o.np = false;
  modes[5].name = "cyclic reduction refused"; /* the pivoting reduced solves follow */
  modes[5].o.pcr = 2;
  modes[6].name = "no cyclic reduction";
  modes[6].o.pcr = 0;
  tu_reset_failures();
  for (int pi = 0; pi < TU_NPREC; pi++)
    for (int M : ms) {
      /* one partition; two; 8 lanes of unequal partitions; 16 full lanes (a reduced
         system of 15 rows); 32 lanes (from here the two levels) of M/2 + 1 rows, the
         last partition shorter (M = 8: 26 partitions, the last of 4 rows; M = 64: 32,
         the last of 2); 32 of 3M/4; 32 of M */
      const int ns[] = {M - 1, M + 1, 5 * M + 3, 16 * M, 16 * M + 1, 24 * M, 32 * M};
      for (int ni = 0; ni < 7; ni++)
        for (size_t ki = 0; ki < sizeof kinds / sizeof *kinds; ki++)
          for (int mi = 0; mi < 7; mi++)
            run_shape((tu_prec)pi, M, ns[ni], kinds[ki], modes[mi],
                      7000 + 100 * ni + 10 * ki + M);
    }
  ck_assert_msg(tu_failures() == 0, "%d failures; first: %s", tu_failures(),
                tu_first_failure());
}
END_TEST

/* Which systems take the attempt without pivoting (where the reduced system has 16
   rows or more): only the strictly dominant ones.
   A batch of dominant systems (d = 4 + U(-1,1)) in which every odd system has one
   row made only weakly dominant (|d| = |dl| + |du|, as computed) or, every fourth,
   one row not dominant at all (d = 0): those take the pivoting attempts, the even
   ones the attempt without pivoting; every system against LAPACK. Also dominant
   systems on scales near overflow and underflow (rows times 2^+-1000, 2^+-120 in
   float). */
void np_choice(tu_prec p, int M, int n, uint64_t seed)
{
  tu_problem P;
  char why[256];
  const int64_t batch = 16;
  tu_problem_init(&P, p, TU_DOMINANT, n, 1, n, batch, n, seed);
  const double sc = p == TU_DOUBLE ? 0x1p1000 : 0x1p120;
  for (int64_t k = 0; k < batch; k++) {
    void *dl = tu_sys_dl(&P, k), *d = tu_sys_d(&P, k), *du = tu_sys_du(&P, k);
    const int64_t r = (k * 37 + 5) % n;
    if (k % 4 == 1) { /* weakly dominant at row r */
      const double a = r > 0 ? fabs(tu_get(p, dl, r)) : 0.0;
      const double c = r < n - 1 ? fabs(tu_get(p, du, r)) : 0.0;
      if (p == TU_DOUBLE) tu_set(p, d, r, a + c);
      else tu_set(p, d, r, (double)((float)a + (float)c));
    } else if (k % 4 == 3) {
      tu_set(p, d, r, 0.0);
    } else if (k % 8 == 2 || k % 8 == 4) { /* a row scale near overflow or underflow */
      const double f = k % 8 == 2 ? sc : 1.0 / sc;
      void *b = tu_sys_b(&P, k);
      for (int64_t i = 0; i < n; i++) {
        if (i > 0) tu_set(p, dl, i, f * tu_get(p, dl, i)); /* not the unused ends */
        tu_set(p, d, i, f * tu_get(p, d, i));
        if (i < n - 1) tu_set(p, du, i, f * tu_get(p, du, i));
        tu_set(p, b, i, f * tu_get(p, b, i));
      }
    }
  }
  tu_problem_prepare(&P);
  EmulOpts o;
  EmulStats st;
  int64_t info, row;
  const gtsv_status s = p == TU_DOUBLE ? emulate<double>(&P, M, o, &st, &info, &row)
                                       : emulate<float>(&P, M, o, &st, &info, &row);
  TU_EXPECT(tu_problem_verdict(&P, s, why, sizeof why), "np choice M=%d n=%d %s: %s", M, n,
            tu_prec_name(p), why);
  TU_EXPECT(st.np_attempts == batch / 2 && st.np_fails == 0,
            "np choice M=%d n=%d %s: %ld attempts without pivoting (%ld failed), want %lld",
            M, n, tu_prec_name(p), st.np_attempts, st.np_fails, (long long)(batch / 2));
  tu_problem_free(&P);
}

START_TEST(no_pivoting_only_when_dominant)
{
  tu_reset_failures();
  for (int pi = 0; pi < TU_NPREC; pi++)
    for (int M : {8, 16, 32, 64})
      for (int n : {17 * M, 24 * M + 5, 32 * M}) /* reduced systems of 16 rows and more */
        np_choice((tu_prec)pi, M, n, 9000 + M + n);
  ck_assert_msg(tu_failures() == 0, "%d failures; first: %s", tu_failures(),
                tu_first_failure());
}
END_TEST

/* The double pivot test's form without max (core/pivot_gen.h, GTSV_PIV_OR_FORM)
   against the two forms with max it replaced (the GPU's fmax tree and the host's
   compare-and-select chain), over every tuple of 12 special and ordinary values and
   2 million random ones, half of them on the test's boundary: the same answer
   everywhere but the one case pivot_gen.h names (bt = 0, a1 c0 = 0 and an infinite
   a2, b1 or c1; with that case not set aside, 33348 of the tuples differ). */
static int max_form_fmax(double bt, double c0, double a1, double b1, double c1, double a2)
{
  const double s = fmax(fmax(fmax(fabs(a1), fabs(a2)), fmax(fabs(b1), fabs(c0))), fabs(c1));
  return fabs(bt) * s >= GTSV_KAPPA * fabs(a1 * c0);
}
static int max_form_select(double bt, double c0, double a1, double b1, double c1, double a2)
{
  double s = a1 < 0 ? -a1 : a1, t;
  t = a2 < 0 ? -a2 : a2; s = t > s ? t : s;
  t = b1 < 0 ? -b1 : b1; s = t > s ? t : s;
  t = c0 < 0 ? -c0 : c0; s = t > s ? t : s;
  t = c1 < 0 ? -c1 : c1; s = t > s ? t : s;
  return (bt < 0 ? -bt : bt) * s >= GTSV_KAPPA * fabs(a1 * c0);
}
static bool named_case(double bt, double c0, double a1, double b1, double c1, double a2)
{
  return bt == 0 && a1 * c0 == 0 && (isinf(a2) || isinf(b1) || isinf(c1));
}

START_TEST(pivot_test_forms)
{
  static const double v[] = {0.0,     -0.0,    4.9e-324, -1e-300, 0.3,      -0.7,
                             1.0,     2.5,     -1e150,   1e300,   INFINITY, NAN};
  const int nv = (int)(sizeof v / sizeof *v);
  long long checked = 0, named = 0, differ = 0;
  char first[256] = "";
  auto one = [&](double bt, double c0, double a1, double b1, double c1, double a2) {
    const int f = gtsv_d_pivot_is_1x1(bt, c0, a1, b1, c1, a2) != 0;
    const int g = max_form_fmax(bt, c0, a1, b1, c1, a2) != 0;
    const int h = max_form_select(bt, c0, a1, b1, c1, a2) != 0;
    checked++;
    if (named_case(bt, c0, a1, b1, c1, a2)) {
      named++;
      return;
    }
    if (f != g || f != h) {
      if (!differ++)
        snprintf(first, sizeof first, "bt %g c0 %g a1 %g b1 %g c1 %g a2 %g: %d %d %d", bt, c0,
                 a1, b1, c1, a2, f, g, h);
    }
  };
  for (int i0 = 0; i0 < nv; i0++)
    for (int i1 = 0; i1 < nv; i1++)
      for (int i2 = 0; i2 < nv; i2++)
        for (int i3 = 0; i3 < nv; i3++)
          for (int i4 = 0; i4 < nv; i4++)
            for (int i5 = 0; i5 < nv; i5++)
              one(v[i0], v[i1], v[i2], v[i3], v[i4], v[i5]);
  /* random magnitudes over 2^-21 .. 2^19, and on the test's boundary */
  uint64_t x = 0x9e3779b97f4a7c15ull;
  auto rnd = [&]() {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return x;
  };
  auto val = [&]() {
    const double m = (double)(rnd() >> 11) * 0x1p-53 - 0.5;
    return ldexp(m, (int)(rnd() % 40) - 20);
  };
  for (int r = 0; r < 2000000; r++) {
    const double c0 = val(), a1 = val(), b1 = val(), c1 = val(), a2 = val();
    double bt = val();
    if (r & 1) { /* |bt| max|v| = kappa |a1 c0|, or one ulp below */
      const double s =
          fmax(fmax(fmax(fabs(a1), fabs(a2)), fmax(fabs(b1), fabs(c0))), fabs(c1));
      bt = GTSV_KAPPA * fabs(a1 * c0) / s;
      if (r & 2) bt = nextafter(bt, 0.0);
    }
    one(bt, c0, a1, b1, c1, a2);
  }
  ck_assert_msg(differ == 0, "%lld of %lld tuples differ (%lld in the named case); first: %s",
                differ, checked, named, first);
  ck_assert_msg(named > 0 && checked > 2000000, "the named case was not reached");
}
END_TEST

/* part_solve's forward sweeps (tile_core.h): by pivot blocks (part_step, a branch
   between 1x1 and 2x2 blocks; form 0, the reference) and by rows (part_rows, every row
   the same arithmetic), with the stores where a block ends (form 1) or delayed a row
   (form 2). They run the same arithmetic in another order of control, so on the same
   interiors every output row of u, v, w, the ends and the bad flag must be bitwise the same
   (where a block is bad, the ends and the flag only: the block sweep stops there).
   Interiors of 1..128 rows (WIDE past 64); random values, zero diagonals (2x2 blocks
   everywhere), tiny pivots, near ties of the pivot test, exact zeros and a few singular
   blocks; both precisions. */
struct RowIdent {
  __host__ __device__ int operator()(int r) const { return r; }
};

template <typename T> bool same_bits(const T *x, const T *y, int n)
{
  return memcmp(x, y, sizeof(T) * (size_t)n) == 0;
}

struct SweepCount {
  long long checked = 0, bad = 0, twos = 0, differ = 0;
  char first[256] = "";
};

template <bool WIDE, typename T> void sweep_case(int L, int kind, uint64_t &rng, SweepCount &n)
{
  auto u = [&] { /* U(-1, 1) */
    rng = rng * 6364136223846793005ull + 1442695040888963407ull;
    return (double)(int64_t)(rng >> 11) / 4503599627370496.0 - 1.0;
  };
  std::vector<T> A(L), D(L), C(L), B(L);
  for (int i = 0; i < L; i++) {
    A[i] = (T)u(); D[i] = (T)u(); C[i] = (T)u(); B[i] = (T)u();
    if (kind == 1) D[i] = 0;                                        /* 2x2 blocks everywhere */
    if (kind == 2 && (rng >> 20) % 4 == 0) D[i] = (T)(1e-9 * u());  /* tiny pivots */
    if (kind == 3 && (rng >> 24) % 8 == 0) A[i] = 0;                /* exact zeros */
    if (kind == 3 && (rng >> 28) % 8 == 0) C[i] = 0;
    if (kind == 4 && (rng >> 32) % 16 == 0) { D[i] = 0; C[i] = 0; } /* singular blocks */
    if (kind == 5) /* near ties of the pivot test: |d| max|v| ~ kappa |a c| */
      D[i] = (T)(GTSV_KAPPA * (double)A[i] * (double)C[i] * (1.0 + 1e-7 * u()));
  }
  const bool left = (rng >> 40) & 1, right = (rng >> 41) & 1;
  /* both row forms (stores under conditions, 1; delayed, 2) against the block steps (0) */
  for (int form = 1; form <= 2; form++) {
    std::vector<T> A1 = A, D1 = D, B1 = B, A2 = A, D2 = D, B2 = B;
    T *a1 = A1.data(), *d1 = D1.data(), *b1 = B1.data();
    const Ends<T> e1 = form == 1
                           ? part_solve<WIDE, 1>(L, a1, d1, C.data(), b1, left, right, RowIdent())
                           : part_solve<WIDE, 2>(L, a1, d1, C.data(), b1, left, right, RowIdent());
    const Ends<T> e2 =
        part_solve<WIDE, 0>(L, A2.data(), D2.data(), C.data(), B2.data(), left, right, RowIdent());
    n.checked++;
    if (e2.bad) n.bad++;
    bool ok = e1.bad == e2.bad;
    const T ends1[6] = {e1.xf, e1.xl, e1.vf, e1.vl, e1.wf, e1.wl};
    const T ends2[6] = {e2.xf, e2.xl, e2.vf, e2.vl, e2.wf, e2.wl};
    ok = ok && same_bits(ends1, ends2, 6);
    if (!e2.bad)
      ok = ok && same_bits(A1.data(), A2.data(), L) && same_bits(D1.data(), D2.data(), L) &&
           same_bits(B1.data(), B2.data(), L);
    if (!ok && n.differ++ == 0)
      snprintf(n.first, sizeof n.first,
               "form %d %s L=%d kind %d left %d right %d: bad %d/%d, xf %.17g/%.17g", form,
               sizeof(T) == 8 ? "double" : "float", L, kind, (int)left, (int)right, (int)e1.bad,
               (int)e2.bad, (double)e1.xf, (double)e2.xf);
    if (form == 2 && !e2.bad && kind == 1 && L >= 2) n.twos++;
  }
}

START_TEST(row_sweep_matches_block_sweep)
{
  uint64_t rng = 12345;
  SweepCount n;
  for (int rep = 0; rep < 300; rep++)
    for (int L = 1; L <= 128; L += (L < 20 ? 1 : 7))
      for (int kind = 0; kind < 6; kind++) {
        if (L <= 64) {
          sweep_case<false, double>(L, kind, rng, n);
          sweep_case<false, float>(L, kind, rng, n);
        }
        sweep_case<true, double>(L, kind, rng, n);
      }
  ck_assert_msg(n.differ == 0, "%lld of %lld interiors differ; first: %s", n.differ, n.checked,
                n.first);
  ck_assert_msg(n.bad > 0 && n.twos > 0, "no bad block (%lld) or no 2x2 block (%lld) was reached",
                n.bad, n.twos);
}
END_TEST

int main(void)
{
  Suite *s = suite_create("tile_core");
  TCase *tc = tcase_create("emulation");
  tcase_add_test(tc, tile_method_matches_lapack);
  tcase_add_test(tc, no_pivoting_only_when_dominant);
  tcase_add_test(tc, pivot_test_forms);
  tcase_add_test(tc, row_sweep_matches_block_sweep);
  tcase_set_timeout(tc, 600);
  suite_add_tcase(s, tc);
  SRunner *sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  const int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? 1 : 0;
}
