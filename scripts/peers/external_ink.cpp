// StrokeLab external pipeline (docs/guides/external.md) around google/ink-stroke-modeler's own
// C++ StrokeModeler (built from PEERS_SRC by scripts/peers/ink/CMakeLists.txt, target
// external_ink), as StrokeLab's `ink` preset uses it and as an app drives it: every coalesced
// sample is an Input — the stroke's first kDown, the last sample of the terminal event kUp
// (a terminal event without samples lifts the pen at the last input), the others kMove —
// `Update` appends the modeled results, committed as straight segments (the first a move; a
// line to the point already drawn to is skipped, as StrokeLab's straight segments skip it), and after every non-terminal event `Predict` gives the Kalman prediction,
// answered as predicted pen positions. Ours, not peer code.
//
//   external_ink            (one JSON line per event on stdin, one answer per line on stdout)
//
// Parameters: the shared oracles' (the test suites' kDefaultParams and kDefaultKalmanParams
// with lengths × 50 and variances × 2500; ink_params.h), which are StrokeLab's
// `filter:ink-modeler` and `predict:ink-kalman` defaults. Inputs as StrokeLab's port passes
// them: position (float)x, (float)y; time t; pressure force ÷ maxForce (force when maxForce is
// 0); tilt π/2 − altitude; orientation the azimuth in [0, 2π); a stylus value whose first
// sample of the stroke is its "unknown" default (force 0 with maxForce 0, altitude π/2,
// azimuth 0) is left unset (-1) for the whole stroke. An input ink rejects (a repeat, time
// going backwards) is skipped; a rejected kUp lifts the pen at the last accepted input.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <stdexcept>
#include <string>
#include <vector>

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

StrokeModelParams oracle_params() { return strokelab_peers::oracle_params(true); }

// The few JSON shapes the protocol's event lines use: an object's "phase" string and its
// "samples" array of number arrays (other keys are skipped).
struct Reader {
  const std::string& s;
  size_t i = 0;
  void space() { while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\n')) ++i; }
  char peek() { space(); if (i >= s.size()) throw std::runtime_error("unexpected end of line"); return s[i]; }
  void expect(char c) { if (peek() != c) throw std::runtime_error(std::string("expected '") + c + "'"); ++i; }
  std::string string() {
    expect('"');
    std::string out;
    while (i < s.size() && s[i] != '"') { if (s[i] == '\\') ++i; out += s[i++]; }
    expect('"');
    return out;
  }
  double number() {
    space();
    const char* start = s.c_str() + i;
    char* end = nullptr;
    double v = std::strtod(start, &end);
    if (end == start) throw std::runtime_error("expected a number");
    i += static_cast<size_t>(end - start);
    return v;
  }
  std::vector<double> numbers() {
    std::vector<double> out;
    expect('[');
    if (peek() == ']') { ++i; return out; }
    for (;;) { out.push_back(number()); if (peek() == ',') { ++i; continue; } expect(']'); return out; }
  }
  void skip() {
    char c = peek();
    if (c == '"') { string(); return; }
    if (c == '{' || c == '[') {
      char close = c == '{' ? '}' : ']';
      ++i;
      if (peek() == close) { ++i; return; }
      for (;;) {
        if (close == '}') { string(); expect(':'); }
        skip();
        if (peek() == ',') { ++i; continue; }
        expect(close);
        return;
      }
    }
    while (i < s.size() && s[i] != ',' && s[i] != '}' && s[i] != ']') ++i;   // number, true, false, null
  }
};

struct Event {
  std::string phase;
  std::vector<std::vector<double>> samples;  // [t, x, y, force, maxForce, altitude, azimuth, majorRadius]
};

Event parse(const std::string& line) {
  Reader r{line};
  Event e;
  r.expect('{');
  if (r.peek() == '}') return e;
  for (;;) {
    std::string key = r.string();
    r.expect(':');
    if (key == "phase") {
      e.phase = r.string();
    } else if (key == "samples") {
      r.expect('[');
      if (r.peek() != ']') {
        for (;;) { e.samples.push_back(r.numbers()); if (r.peek() == ',') { ++r.i; continue; } break; }
      }
      r.expect(']');
    } else {
      r.skip();
    }
    if (r.peek() == ',') { ++r.i; continue; }
    r.expect('}');
    return e;
  }
}

void write_number(std::string& out, double v) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.17g", v);
  out += buffer;
}

class Driver {
 public:
  Driver() : params_(oracle_params()) {}

  std::string handle(const Event& e) {
    answer_.clear();
    elements_ = 0;
    bool terminal = e.phase == "ended" || e.phase == "cancelled";
    if (e.phase == "began") begin();
    answer_ += "{\"committed\":[";
    for (size_t k = 0; k < e.samples.size(); ++k) {
      const std::vector<double>& s = e.samples[k];
      if (s.size() < 3) throw std::runtime_error("a sample has fewer than 3 numbers");
      bool last = k + 1 == e.samples.size();
      if (!in_progress_) {
        first_ = s;
        model(s, Input::EventType::kDown);
        if (terminal && last) lift();
      } else if (terminal && last) {
        if (!model(s, Input::EventType::kUp)) lift();
      } else {
        model(s, Input::EventType::kMove);
      }
    }
    if (terminal && e.samples.empty() && in_progress_) lift();
    answer_ += "]";
    if (!terminal && in_progress_) {
      predicted_.clear();
      if (modeler_.Predict(predicted_).ok() && !predicted_.empty()) {
        answer_ += ",\"predicted\":[";
        for (size_t k = 0; k < predicted_.size(); ++k) {
          const Result& r = predicted_[k];
          answer_ += k ? ",[" : "[";
          write_number(answer_, r.time.Value());
          answer_ += ",";
          write_number(answer_, r.position.x);
          answer_ += ",";
          write_number(answer_, r.position.y);
          answer_ += "]";
        }
        answer_ += "]";
      }
    }
    if (terminal) in_progress_ = false;
    answer_ += "}";
    return answer_;
  }

 private:
  // `began`: a stroke in progress is dropped; the first sample starts the next (kDown).
  void begin() { in_progress_ = false; }

  // Feeds one input; appends its results as committed elements. Whether ink accepted it.
  bool model(const std::vector<double>& s, Input::EventType type) {
    if (type == Input::EventType::kDown) {
      if (!modeler_.Reset(params_).ok()) throw std::runtime_error("Reset rejected the parameters");
      drawn_ = 0;
      double force = value(first_, 3, 0), max_force = value(first_, 4, 0);
      force_scale_ = max_force > 0 && std::isfinite(max_force) ? max_force : 1;
      pressure_ = force != 0 || max_force > 0;
      tilt_ = value(first_, 5, M_PI / 2) != M_PI / 2;
      orientation_ = value(first_, 6, 0) != 0;
    }
    Input in;
    in.event_type = type;
    in.position = {static_cast<float>(s[1]), static_cast<float>(s[2])};
    in.time = Time(s[0]);
    double pressure = value(s, 3, 0) / force_scale_;
    double altitude = value(s, 5, M_PI / 2), azimuth = value(s, 6, 0);
    if (pressure_) in.pressure = static_cast<float>(std::isfinite(pressure) ? std::max(0.0, pressure) : 0);
    if (tilt_) in.tilt = static_cast<float>(std::isfinite(altitude) ? std::max(0.0, M_PI / 2 - altitude) : 0);
    if (orientation_) in.orientation = static_cast<float>(std::isfinite(azimuth) ? (azimuth < 0 ? azimuth + 2 * M_PI : azimuth) : 0);
    results_.clear();
    if (!modeler_.Update(in, results_).ok()) return false;
    if (type == Input::EventType::kDown) in_progress_ = true;
    newest_ = in;
    draw();
    return true;
  }

  // The pen lifts at the last accepted input (a one-sample stroke, or a rejected kUp).
  void lift() {
    Input up = newest_;
    up.event_type = Input::EventType::kUp;
    results_.clear();
    if (!modeler_.Update(up, results_).ok()) return;
    draw();
  }

  // The results as committed elements: the first a move, then lines, a line to the point
  // already drawn to skipped (StrokeLab's straight-segment builders draw no zero-length line).
  void draw() {
    for (const Result& r : results_) {
      if (drawn_ && r.position.x == last_.x && r.position.y == last_.y) continue;
      last_ = r.position;
      answer_ += elements_++ ? ",[" : "[";
      answer_ += drawn_++ ? "\"line\"," : "\"move\",";
      write_number(answer_, r.position.x);
      answer_ += ",";
      write_number(answer_, r.position.y);
      answer_ += "]";
    }
  }

  static double value(const std::vector<double>& s, size_t k, double fallback) { return k < s.size() ? s[k] : fallback; }

  StrokeModelParams params_;
  StrokeModeler modeler_;
  std::vector<Result> results_, predicted_;
  std::vector<double> first_;
  Input newest_;
  ink::stroke_model::Vec2 last_;
  std::string answer_;
  size_t elements_ = 0, drawn_ = 0;
  bool in_progress_ = false, pressure_ = true, tilt_ = true, orientation_ = true;
  double force_scale_ = 1;
};

}  // namespace

int main() {
  std::ios::sync_with_stdio(false);
  Driver driver;
  std::string line;
  long number = 0;
  try {
    while (std::getline(std::cin, line)) {
      ++number;
      std::string answer = driver.handle(parse(line));
      std::fwrite(answer.data(), 1, answer.size(), stdout);
      std::fputc('\n', stdout);
      std::fflush(stdout);
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "external_ink: line %ld: %s\n", number, e.what());
    return 1;
  }
  return 0;
}
