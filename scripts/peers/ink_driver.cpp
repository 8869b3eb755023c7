// StrokeLab's peer benchmark driver for google/ink-stroke-modeler (its C++ library, built
// by its own CMake files in Release, -O3; see scripts/peers/ink/CMakeLists.txt). Ours, not
// peer code.
//
// Input protocol (as the shared oracles' run): sample 0 is kDown, the last is kUp, the rest
// kMove; position (float)x, (float)y; time t (s); pressure (float)p; tilt and orientation
// unset. Parameters: the shared oracles' (the test suites' kDefaultParams and
// kDefaultKalmanParams with lengths × 50 and variances × 2500). Each pass is one stroke:
// Reset(params), then every input; the Update and Predict result vectors are reused across
// calls (cleared before each), as the API recommends.
//
// --mode update         Update per input, prediction disabled (DisabledPredictorParams):
//                       the modeler alone.
// --mode predict-each   Kalman predictor; Update per input and Predict() after every Update
//                       but the final kUp (the oracle run's protocol; issue 12's benchmark).
// --mode predict-frame  Kalman predictor; Update per input and Predict() once per 60 Hz
//                       display frame, after the frame's last input (but not after kUp):
//                       how an app calls it, and how StrokeLab's replay delivers events.
#include <variant>

#include "bench_timing.h"
#include "ink_params.h"
#include "ink_stroke_modeler/params.h"
#include "ink_stroke_modeler/stroke_modeler.h"
#include "ink_stroke_modeler/types.h"

namespace {

using ink::stroke_model::Duration;
using ink::stroke_model::Input;
using ink::stroke_model::Result;
using ink::stroke_model::StrokeModeler;
using ink::stroke_model::StrokeModelParams;
using ink::stroke_model::Time;

using strokelab_peers::oracle_params;

enum class Mode { update, predict_each, predict_frame };

/// What one pass produced, for the oracle check (only filled when asked).
struct Trace {
  std::vector<double> time, x, y, prediction_count, prediction_x, prediction_y;
};

struct Pass {
  Mode mode;
  StrokeModelParams params;
  std::vector<Input> inputs;
  std::vector<bool> ends_frame;
  StrokeModeler modeler;
  std::vector<Result> results, predicted;

  double operator()(Trace* trace) {
    if (!modeler.Reset(params).ok()) throw std::runtime_error("Reset rejected the parameters");
    double sum = 0;
    const size_t last = inputs.size() - 1;
    for (size_t i = 0; i <= last; ++i) {
      results.clear();
      if (!modeler.Update(inputs[i], results).ok()) throw std::runtime_error("Update failed at input " + std::to_string(i));
      for (const Result& r : results) {
        sum += r.position.x + r.position.y;
        if (trace) {
          trace->time.push_back(r.time.Value());
          trace->x.push_back(r.position.x);
          trace->y.push_back(r.position.y);
        }
      }
      bool predict = i != last && (mode == Mode::predict_each || (mode == Mode::predict_frame && ends_frame[i]));
      if (predict) {
        if (!modeler.Predict(predicted).ok()) throw std::runtime_error("Predict failed at input " + std::to_string(i));
        for (const Result& r : predicted) sum += r.position.x;
        if (trace) {
          trace->prediction_count.push_back(static_cast<double>(predicted.size()));
          for (const Result& r : predicted) {
            trace->prediction_x.push_back(r.position.x);
            trace->prediction_y.push_back(r.position.y);
          }
        }
      }
    }
    return sum;
  }
};

}  // namespace

int main(int argc, char** argv) {
  try {
    peers::Options o = peers::parse_options(argc, argv);
    Mode mode;
    if (o.mode == "update") mode = Mode::update;
    else if (o.mode == "predict-each") mode = Mode::predict_each;
    else if (o.mode == "predict-frame") mode = Mode::predict_frame;
    else throw std::runtime_error("--mode must be update, predict-each or predict-frame");
    std::vector<peers::Sample> samples = peers::read_samples(o.input);
    Pass pass{mode, oracle_params(mode != Mode::update), {}, {}, {}, {}, {}};
    for (size_t i = 0; i < samples.size(); ++i) {
      Input in;
      in.event_type = i == 0 ? Input::EventType::kDown
                      : i + 1 == samples.size() ? Input::EventType::kUp
                                                : Input::EventType::kMove;
      in.position = {static_cast<float>(samples[i].x), static_cast<float>(samples[i].y)};
      in.time = Time(samples[i].t);
      in.pressure = static_cast<float>(samples[i].pressure);
      pass.inputs.push_back(in);
      pass.ends_frame.push_back(samples[i].ends_frame);
    }
    if (!o.dump.empty()) {
      Trace trace;
      pass(&trace);
      std::FILE* f = std::fopen(o.dump.c_str(), "w");
      if (!f) throw std::runtime_error(o.dump + ": cannot write");
      std::fprintf(f, "{\n");
      peers::dump_array(f, "time", trace.time);
      peers::dump_array(f, "x", trace.x);
      peers::dump_array(f, "y", trace.y);
      peers::dump_array(f, "prediction_count", trace.prediction_count);
      peers::dump_array(f, "prediction_x", trace.prediction_x);
      peers::dump_array(f, "prediction_y", trace.prediction_y, true);
      std::fprintf(f, "}\n");
      std::fclose(f);
    }
    std::string workload = "ink " + o.mode;
    return peers::measure(o, workload.c_str(), samples.size(), [&] { return pass(nullptr); });
  } catch (const std::exception& e) {
    std::fprintf(stderr, "ink_driver: %s\n", e.what());
    return 2;
  }
}
