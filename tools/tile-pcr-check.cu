/* gtsv-tile-pcr-check [systems]: on the host, the on-chip batch kernel's checked
   cyclic reduction of its reduced systems (src/batch/batch_tile.cu, pcr_checked;
   emulated by tile_emul.h with tile_core.h's steps): how often the reduced system's
   answer is accepted (pcr_accept at kPcrTol), and the method's residual
   ||Tx - b||_2 / ||b||_2 against LAPACK's dgtsv / sgtsv on the same system, with the
   cyclic reduction and without it (the pivoting reduced solves alone). Random
   U(-1,1) systems and weak-diagonal ones (d = 0.1 U(-1,1)). A diagnostic, not
   installed; the numbers quoted at kPcrTol (tile_core.h) come from it. With a second
   argument R > 0 (an experiment the kernel does not run): a refused answer gets up to R
   steps of iterative refinement by cyclic reduction before it is given up
   (EmulOpts::pcr_refine), and the rows say how many were then accepted. */
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include "batch/tile_emul.h"
#include "oracle_cxx.h"
using namespace gtsv_tile;

template <typename T> static void run(int n, int M, bool weak, int systems, int refine)
{
  g_rng = 0x9E3779B97F4A7C15ull ^ (uint64_t)(n * 131 + M * 7 + weak + sizeof(T));
  std::vector<T> a(n), d(n), c(n), b(n), x(n), xl(n);
  std::vector<double> with, without;
  long tries = 0, fails = 0;
  for (int s = 0; s < systems; s++) {
    const double rl = random_system(n, weak, a.data(), d.data(), c.data(), b.data(), xl.data());
    if (rl < 0) continue;
    EmulOpts o;
    o.pcr_refine = refine;
    EmulStats st;
    if (emul_solve(n, M, a.data(), d.data(), c.data(), b.data(), x.data(), o, &st) >= 0) continue;
    tries += st.pcr_tries;
    fails += st.pcr_fails;
    with.push_back(resid(n, a.data(), d.data(), c.data(), x.data(), b.data()) / rl);
    o.pcr = 0;
    if (emul_solve(n, M, a.data(), d.data(), c.data(), b.data(), x.data(), o, &st) >= 0) continue;
    without.push_back(resid(n, a.data(), d.data(), c.data(), x.data(), b.data()) / rl);
  }
  std::sort(with.begin(), with.end());
  std::sort(without.begin(), without.end());
  auto q = [](const std::vector<double> &v, double p) { return v[(size_t)(p * (v.size() - 1))]; };
  std::printf("%s n=%4d M=%2d %-9s refine %d: cyclic reduction accepted %5.1f%% of %ld | residual / "
              "LAPACK's: with median %.2f p99.9 %6.1f max %6.1f; without %.2f %6.1f %6.1f "
              "(%zu systems)\n",
              sizeof(T) == 8 ? "d" : "s", n, M, weak ? "weak-diag" : "random", refine,
              tries ? 100.0 * (tries - fails) / tries : 0.0, tries, q(with, .5), q(with, .999),
              with.back(), q(without, .5), q(without, .999), without.back(), with.size());
}

int main(int argc, char **argv)
{
  const int systems = argc > 1 ? std::atoi(argv[1]) : 5000;
  const int refine = argc > 2 ? std::atoi(argv[2]) : 0;
  std::printf("kPcrTol = %g, kPcrMinRows = %d\n", kPcrTol, kPcrMinRows);
  for (bool weak : {false, true})
    for (int rf = 0; rf <= refine; rf++) {
      if (refine > 0) run<double>(128, 16, weak, systems, rf);
      run<double>(256, 16, weak, systems, rf);
      run<double>(512, 16, weak, systems, rf);
      run<double>(1024, 32, weak, systems, rf);
      run<float>(512, 16, weak, systems, rf);
      run<float>(1024, 32, weak, systems, rf);
    }
  return 0;
}
