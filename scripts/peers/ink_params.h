// The shared oracles' ink-stroke-modeler parameters (the test suites' kDefaultParams and
// kDefaultKalmanParams with lengths × 50 and variances × 2500: "50 pt ≈ 1 cm"), which are
// StrokeLab's `filter:ink-modeler` and `predict:ink-kalman` defaults; with `kalman` false,
// prediction disabled (the modeler alone). Used by ink_driver.cpp and external_ink.cpp. Ours.
#ifndef STROKELAB_PEERS_INK_PARAMS_H
#define STROKELAB_PEERS_INK_PARAMS_H

#include "ink_stroke_modeler/params.h"

namespace strokelab_peers {

using ink::stroke_model::Duration;
using ink::stroke_model::StrokeModelParams;

constexpr float kScale = 50;  // 50 pt ≈ 1 cm: the oracles' S

inline StrokeModelParams oracle_params(bool kalman) {
  StrokeModelParams p;
  p.wobble_smoother_params.is_enabled = true;
  p.wobble_smoother_params.timeout = Duration(.04);
  p.wobble_smoother_params.speed_floor = 1.31f * kScale;
  p.wobble_smoother_params.speed_ceiling = 1.44f * kScale;
  p.position_modeler_params.spring_mass_constant = 11.f / 32400;
  p.position_modeler_params.drag_constant = 72.f;
  p.position_modeler_params.loop_contraction_mitigation_params.is_enabled = false;
  p.sampling_params.min_output_rate = 180;
  p.sampling_params.end_of_stroke_stopping_distance = .001f * kScale;
  p.sampling_params.end_of_stroke_max_iterations = 20;
  p.stylus_state_modeler_params.use_stroke_normal_projection = false;
  if (kalman) {
    ink::stroke_model::KalmanPredictorParams k;
    k.process_noise = .00026458 * 50 * 50;
    k.measurement_noise = .026458 * 50 * 50;
    k.min_stable_iteration = 4;
    k.max_time_samples = 20;
    k.min_catchup_velocity = .01f * kScale;
    k.acceleration_weight = .5;
    k.jerk_weight = .1;
    k.prediction_interval = Duration(1. / 60);
    k.confidence_params.desired_number_of_samples = 20;
    k.confidence_params.max_estimation_distance = .04f * kScale;
    k.confidence_params.min_travel_speed = 3 * kScale;
    k.confidence_params.max_travel_speed = 15 * kScale;
    k.confidence_params.max_linear_deviation = .2f * kScale;
    k.confidence_params.baseline_linearity_confidence = .4;
    p.prediction_params = k;
  } else {
    p.prediction_params = ink::stroke_model::DisabledPredictorParams{};
  }
  return p;
}

}  // namespace strokelab_peers

#endif
