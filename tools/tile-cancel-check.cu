/* gtsv-tile-cancel-check [systems]: on the host, what the on-chip batch kernel's
   cancellation limit kCancel (src/batch/tile_core.h; batch_tile.cu's top) buys and
   costs: how many systems fail their first attempt (and so make their warp retry),
   and the method's residual ||Tx - b||_2 / ||b||_2 against LAPACK's on the same
   system. Random U(-1,1) systems and weak-diagonal ones (d = 0.1 U(-1,1)), M as the
   kernel chooses it for double. The whole decision is tile_emul.h's emul_solve.
   A diagnostic, not installed. To see another limit, build this file by hand with
   -DGTSV_TILE_KCANCEL=L (the library always has 32). */
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include "batch/tile_emul.h"
#include "oracle_cxx.h"
using namespace gtsv_tile;

template <typename T> static void run(int n, int M, bool weak, int systems)
{
  g_rng = 0x51ED27F3A1B2C3D4ull ^ (uint64_t)(n * 131 + M * 7 + weak + sizeof(T));
  std::vector<T> a(n), d(n), c(n), b(n), x(n), xl(n);
  std::vector<double> ratio;
  long retried = 0, fell = 0, solved = 0;
  for (int s = 0; s < systems; s++) {
    const double rl = random_system(n, weak, a.data(), d.data(), c.data(), b.data(), xl.data());
    if (rl < 0) continue;
    EmulOpts o;
    EmulStats st;
    if (emul_solve(n, M, a.data(), d.data(), c.data(), b.data(), x.data(), o, &st) >= 0) continue;
    solved++;
    retried += st.retries > 0;
    fell += st.fallbacks > 0;
    ratio.push_back(resid(n, a.data(), d.data(), c.data(), x.data(), b.data()) /
                    std::max(rl, sizeof(T) == 8 ? 1.1102230246251565e-16 : 5.9604645e-08));
  }
  std::sort(ratio.begin(), ratio.end());
  auto q = [&](double p) { return ratio[(size_t)(p * (ratio.size() - 1))]; };
  const int P = tile_lanes(n, M), G = 32 / P;
  const double f = (double)retried / (double)solved;
  std::printf("%s n=%4d M=%2d %-9s: first attempt failed %6.3f%% (warps of %2d systems with a "
              "retry ~%5.2f%%), sequential %5.3f%% | residual / LAPACK's median %.2f p99 %5.1f "
              "p99.9 %6.1f max %6.1f (%ld systems)\n",
              sizeof(T) == 8 ? "d" : "s", n, M, weak ? "weak-diag" : "random", 100.0 * f, G,
              100.0 * (1.0 - std::pow(1.0 - f, G)), 100.0 * fell / solved, q(.5), q(.99),
              q(.999), ratio.back(), solved);
}

int main(int argc, char **argv)
{
  const int systems = argc > 1 ? std::atoi(argv[1]) : 20000;
  std::printf("kCancel = %g\n", kCancel);
  for (bool weak : {false, true}) {
    for (int n : {64, 128, 256, 512}) run<double>(n, 16, weak, systems);
    run<double>(1024, 32, weak, systems);
    run<float>(256, 16, weak, systems);
    run<float>(1024, 32, weak, systems);
  }
  return 0;
}
