/* gtsv-tile-block-check [systems [BM]]: on the host, the decisions of the block kernel
   (src/batch/batch_tile.cu: tile_block_kernel, the GPU SPIKE's base of 513..2048 rows in
   double) with BM rows a lane at level 1 (16, the kernel's; 4, the variant for small
   batches of 129..512 rows measured and reverted in bench/results/
   gpu-batch-block4-2026-11-26.md), emulated with tile_core.h's steps (tile_emul.h): level 1's interiors, level 2 (the
   reduced rows as one system of the one-warp attempt with M = 8, else sequentially),
   level 1's cancellation test, then the row-wise check at kBlkBerr u. Counts how many
   random U(-1,1) double systems each stage sends to the one-warp fallback, and the
   accepted answers' residual ||Tx - b||_2 / ||b||_2 against LAPACK's dgtsv. A
   diagnostic, not installed. */
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include "batch/tile_emul.h"
#include "urand.h"
#include "host/oracle.h"
using namespace gtsv_tile;

constexpr double kBerr = 4096.0; /* batch_tile.cu: kBlkBerr */

struct Count {
  long systems = 0, lvl1_bad = 0, lvl2_seq = 0, red_bad = 0, cancel = 0, berr = 0, ok = 0;
  double worst_ratio = 0, worst_berr = 0; /* of the accepted: sqrt(s2/x2), row-wise in u */
  std::vector<double> rel;                /* accepted: residual / LAPACK's */
};

/* One system; returns true when the block's two levels would keep their answer. */
static bool attempt(int n, int BM, const std::vector<double> &a, const std::vector<double> &d,
                    const std::vector<double> &c, const std::vector<double> &b,
                    std::vector<double> &x, Count &k)
{
  EmulTile<double> t(n, BM, 0, a.data(), d.data(), c.data(), b.data());
  const int Pu = t.Pu, R = Pu - 1;
  double *pA = t.A.data(), *pD = t.D.data(), *pC = t.C.data(), *pB = t.B.data();
  const EmulSep sep = t.sep;
  bool lvl2_failed = false;
  /* level 2, as the kernel: the one-warp attempt (M = 8) on the R >= 32 reduced rows of
     these sizes, else the rows sequentially in place */
  auto reduced = [&]() -> bool {
    std::vector<double> a2(R), d2(R), c2(R), b2(R), x2(R);
    for (int j = 0; j < R; j++) {
      const int s = sep(j);
      a2[j] = pA[s]; d2[j] = pD[s]; c2[j] = pC[s]; b2[j] = pB[s];
    }
    EmulOpts o;
    EmulStats st;
    if (emul_attempt(R, 8, 0, a2.data(), d2.data(), c2.data(), b2.data(), x2.data(), o, &st)) {
      for (int j = 0; j < R; j++) pB[sep(j)] = x2[j];
      return false;
    }
    lvl2_failed = true;
    const bool bad = seq_dp(R, pA, pD, pC, pB, sep) >= 0;
    if (bad) k.red_bad++;
    return bad;
  };
  /* level 1's part_solve flags a bad interior through emul_level's return too */
  double ratio = 0;
  const bool ok = emul_level<false>(pA, pD, pC, pB, Pu, t.L.data(), t.idx.data(), sep, reduced,
                                    false, &ratio);
  if (lvl2_failed) k.lvl2_seq++;
  if (!ok) {
    if (std::isinf(ratio) && !lvl2_failed) k.lvl1_bad++;
    else if (!std::isinf(ratio)) k.cancel++;
    return false;
  }
  for (int r = 0; r < n; r++) x[r] = pB[t.row(r)];
  double worst = 0;
  for (int r = 0; r < n; r++) {
    const double xm = r > 0 ? x[r - 1] : 0, xp = r + 1 < n ? x[r + 1] : 0;
    const double ar = r > 0 ? a[r] : 0, cr = r + 1 < n ? c[r] : 0;
    const double res = b[r] - (ar * xm + d[r] * x[r] + cr * xp);
    const double sc = std::fabs(ar * xm) + std::fabs(d[r] * x[r]) + std::fabs(cr * xp) + std::fabs(b[r]);
    if (sc > 0) worst = std::max(worst, std::fabs(res) / sc / 0x1p-53);
  }
  if (!(worst <= kBerr)) {
    k.berr++;
    return false;
  }
  k.worst_ratio = std::max(k.worst_ratio, ratio);
  k.worst_berr = std::max(k.worst_berr, worst);
  return true;
}

int main(int argc, char **argv)
{
  const int systems = argc > 1 ? atoi(argv[1]) : 2000;
  const int BM = argc > 2 ? atoi(argv[2]) : 16;
  if (BM != 4 && BM != 16) {
    std::fprintf(stderr, "usage: %s [systems [BM = 4 or 16]]\n", argv[0]);
    return 2;
  }
  static const int ns4[] = {129, 200, 256, 300, 400, 448, 480, 512};
  static const int ns16[] = {513, 600, 1000, 1024, 1500, 1800, 2000, 2048};
  const int *ns = BM == 4 ? ns4 : ns16;
  std::printf("block kernel, BM = %d rows a lane, random U(-1,1) double, %d systems per n\n", BM,
              systems);
  std::printf("%5s %8s %8s %8s %8s %8s %8s | %10s %10s %12s\n", "n", "kept", "lvl1bad",
              "lvl2seq", "cancel", "berr", "redbad", "max ratio", "max berr u", "med res/lap");
  for (int ni = 0; ni < 8; ni++) {
    const int n = ns[ni];
    Count k;
    g_rng = 0x9E3779B97F4A7C15ull ^ (uint64_t)(n * 131);
    std::vector<double> a(n), d(n), c(n), b(n), x(n), xl(n);
    for (int s = 0; s < systems; s++) {
      for (int i = 0; i < n; i++) {
        a[i] = urand(); c[i] = urand(); b[i] = urand(); d[i] = urand();
      }
      a[0] = 0;
      c[n - 1] = 0;
      xl = b;
      if (gtsv_oracle_dgtsv(n, 1, a.data(), d.data(), c.data(), xl.data(), n) != 0) continue;
      k.systems++;
      if (attempt(n, BM, a, d, c, b, x, k)) {
        k.ok++;
        const double rl = gtsv_oracle_dresidual(n, a.data(), d.data(), c.data(), xl.data(), b.data());
        const double rx = gtsv_oracle_dresidual(n, a.data(), d.data(), c.data(), x.data(), b.data());
        k.rel.push_back(rl > 0 ? rx / rl : 1.0);
      }
    }
    std::sort(k.rel.begin(), k.rel.end());
    std::printf("%5d %7.1f%% %8ld %8ld %8ld %8ld %8ld | %10.3g %10.3g %12.3g\n", n,
                100.0 * k.ok / (double)k.systems, k.lvl1_bad, k.lvl2_seq, k.cancel, k.berr,
                k.red_bad, k.worst_ratio, k.worst_berr,
                k.rel.empty() ? 0.0 : k.rel[k.rel.size() / 2]);
  }
  return 0;
}
