// StrokeLab's peer benchmark driver for casiez/OneEuroFilter's C++ reference
// (cpp/OneEuroFilter.cpp, built separately with g++ -O2 and linked in). Ours, not peer code.
//
// Workload: one pass filters every 2-D sample of the input with two independent filters
// (x and y), timestamps passed on every call, parameters freq 240, mincutoff 1, beta 0.1,
// dcutoff 1 (the repo's test configuration at the input's rate; oracle circle240_beta0.1).
// Each pass starts a fresh pair of filters, as a new stroke does. Time per input = per 2-D
// sample (two filter calls).
#include "OneEuroFilter.h"
#include "bench_timing.h"

namespace {

constexpr double kFrequency = 240, kMinCutoff = 1.0, kBeta = 0.1, kDerivativeCutoff = 1.0;

double filter_pass(const std::vector<peers::Sample>& samples, std::vector<double>* xs, std::vector<double>* ys) {
  OneEuroFilter fx(kFrequency, kMinCutoff, kBeta, kDerivativeCutoff);
  OneEuroFilter fy(kFrequency, kMinCutoff, kBeta, kDerivativeCutoff);
  double sum = 0;
  for (const peers::Sample& s : samples) {
    double x = fx.filter(s.x, s.t);
    double y = fy.filter(s.y, s.t);
    sum += x + y;
    if (xs) {
      xs->push_back(x);
      ys->push_back(y);
    }
  }
  return sum;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    peers::Options o = peers::parse_options(argc, argv);
    std::vector<peers::Sample> samples = peers::read_samples(o.input);
    if (!o.dump.empty()) {
      std::vector<double> xs, ys;
      filter_pass(samples, &xs, &ys);
      std::FILE* f = std::fopen(o.dump.c_str(), "w");
      if (!f) throw std::runtime_error(o.dump + ": cannot write");
      std::fprintf(f, "{\n");
      peers::dump_array(f, "x", xs);
      peers::dump_array(f, "y", ys, true);
      std::fprintf(f, "}\n");
      std::fclose(f);
    }
    return peers::measure(o, "one-euro x+y", samples.size(), [&] { return filter_pass(samples, nullptr, nullptr); });
  } catch (const std::exception& e) {
    std::fprintf(stderr, "one_euro_driver: %s\n", e.what());
    return 2;
  }
}
