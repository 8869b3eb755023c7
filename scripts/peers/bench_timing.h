// StrokeLab's peer benchmark harness: the timing loop shared by the C++ drivers.
// Ours (not peer code). See scripts/peers/README.md.
//
// A driver times `pass()`: one replay of the whole input through the peer's public API,
// returning a checksum of what it produced (so the compiler cannot drop the work). The
// loop mirrors `strokelab bench`: untimed warm-up passes for at least --warmup-seconds
// (which also calibrate how many passes make a run last --min-run-seconds), then --runs
// timed runs, each `passes` passes, timed with std::chrono::steady_clock. Per run:
// ns per input = run time / (passes × inputs). It prints one JSON object on stdout.
//
// `--passes N` instead runs exactly N passes untimed (no warm-up, no calibration) and
// prints the checksum: two such runs under `valgrind --tool=callgrind` with different N
// give the instructions per pass by difference, free of start-up and input parsing.
#pragma once

#include <algorithm>
#include <chrono>
#include <time.h>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace peers {

/// One input sample: time (s), position, pressure, and whether it ends a 60 Hz display
/// frame (the harness computes the frame grouping StrokeLab uses for flat samples).
struct Sample {
  double t, x, y, pressure;
  bool ends_frame;
};

/// Reads the harness's input file: one sample per line, "t x y pressure ends_frame".
inline std::vector<Sample> read_samples(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error(path + ": cannot open");
  std::vector<Sample> samples;
  std::string line;
  size_t number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (line.empty()) continue;
    std::istringstream fields(line);
    Sample s{};
    int ends = 0;
    if (!(fields >> s.t >> s.x >> s.y >> s.pressure >> ends))
      throw std::runtime_error(path + ":" + std::to_string(number) + ": expected 't x y pressure ends_frame'");
    s.ends_frame = ends != 0;
    samples.push_back(s);
  }
  if (samples.size() < 2) throw std::runtime_error(path + ": needs at least 2 samples");
  return samples;
}

struct Options {
  std::string input;
  std::string dump;   // write one pass's output here (JSON), for the oracle check
  std::string mode;   // driver-specific workload variant
  int runs = 11;
  double min_run_seconds = 0.05;
  double warmup_seconds = 0.2;
  long fixed_passes = 0;  // > 0: --passes N (callgrind mode)
};

inline Options parse_options(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) throw std::runtime_error(a + " needs a value");
      return argv[++i];
    };
    if (a == "--runs") o.runs = std::stoi(value());
    else if (a == "--min-run-seconds") o.min_run_seconds = std::stod(value());
    else if (a == "--warmup-seconds") o.warmup_seconds = std::stod(value());
    else if (a == "--passes") o.fixed_passes = std::stol(value());
    else if (a == "--dump") o.dump = value();
    else if (a == "--mode") o.mode = value();
    else if (!a.empty() && a[0] != '-' && o.input.empty()) o.input = a;
    else throw std::runtime_error("unknown argument " + a);
  }
  if (o.input.empty()) throw std::runtime_error("no input file given");
  if (o.runs < 1 || o.runs > 1000) throw std::runtime_error("--runs must be in 1…1000");
  if (!(o.min_run_seconds > 0 && o.min_run_seconds <= 60)) throw std::runtime_error("--min-run-seconds must be in (0, 60]");
  return o;
}

/// Quantile of sorted values, linear interpolation between order statistics.
inline double quantile(const std::vector<double>& sorted, double q) {
  double pos = q * (sorted.size() - 1);
  size_t lo = static_cast<size_t>(std::floor(pos));
  size_t hi = std::min(lo + 1, sorted.size() - 1);
  return sorted[lo] + (pos - lo) * (sorted[hi] - sorted[lo]);
}

/// CPU time the calling thread has used, in seconds (CLOCK_THREAD_CPUTIME_ID): beside the wall
/// time, it counts the work and not the wait for a core on a loaded machine.
inline double thread_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

/// Runs the timing loop (or the fixed passes) and prints the JSON report.
template <class Pass>
int measure(const Options& o, const char* workload, size_t inputs, Pass pass) {
  using clock = std::chrono::steady_clock;
  volatile double sink = 0;
  if (o.fixed_passes > 0) {
    double sum = 0;
    for (long p = 0; p < o.fixed_passes; ++p) sum += pass();
    sink = sum;
    std::printf("{\"workload\": \"%s\", \"inputs\": %zu, \"passes\": %ld, \"checksum\": %.17g}\n", workload, inputs,
                o.fixed_passes, static_cast<double>(sink));
    return 0;
  }
  // Warm-up: at least one pass and warmup_seconds; the fastest pass calibrates.
  double fastest = INFINITY;
  auto warm_start = clock::now();
  do {
    auto t0 = clock::now();
    sink = sink + pass();
    double s = std::chrono::duration<double>(clock::now() - t0).count();
    fastest = std::min(fastest, s);
  } while (std::chrono::duration<double>(clock::now() - warm_start).count() < o.warmup_seconds);
  long passes = std::max(1L, static_cast<long>(std::ceil(o.min_run_seconds / std::max(fastest, 1e-9))));
  passes = std::min(passes, 10000000L);
  std::vector<double> ns, cpu;
  for (int r = 0; r < o.runs; ++r) {
    double c0 = thread_cpu_seconds();
    auto t0 = clock::now();
    double sum = 0;
    for (long p = 0; p < passes; ++p) sum += pass();
    auto t1 = clock::now();
    double c1 = thread_cpu_seconds();
    sink = sink + sum;
    ns.push_back(std::chrono::duration<double, std::nano>(t1 - t0).count() / (static_cast<double>(passes) * inputs));
    cpu.push_back((c1 - c0) * 1e9 / (static_cast<double>(passes) * inputs));
  }
  std::sort(ns.begin(), ns.end());
  std::sort(cpu.begin(), cpu.end());
  std::printf(
      "{\"workload\": \"%s\", \"inputs\": %zu, \"runs\": %d, \"passes_per_run\": %ld, "
      "\"ns_per_input\": {\"median\": %.4f, \"min\": %.4f, \"max\": %.4f, \"q1\": %.4f, \"q3\": %.4f}, "
      "\"cpu_ns_per_input\": {\"median\": %.4f, \"min\": %.4f, \"max\": %.4f}, "
      "\"checksum\": %.17g}\n",
      workload, inputs, o.runs, passes, quantile(ns, 0.5), ns.front(), ns.back(), quantile(ns, 0.25),
      quantile(ns, 0.75), quantile(cpu, 0.5), cpu.front(), cpu.back(), static_cast<double>(sink));
  return 0;
}

/// Writes `name: [v0, v1, …]` with round-trip precision (%.17g).
inline void dump_array(std::FILE* f, const char* name, const std::vector<double>& v, bool last = false) {
  std::fprintf(f, "\"%s\": [", name);
  for (size_t i = 0; i < v.size(); ++i) std::fprintf(f, i ? ", %.17g" : "%.17g", v[i]);
  std::fprintf(f, "]%s\n", last ? "" : ",");
}

}  // namespace peers
