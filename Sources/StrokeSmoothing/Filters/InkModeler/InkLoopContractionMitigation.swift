/// ink-stroke-modeler's loop-contraction mitigation (google/ink-stroke-modeler
/// `loop_contraction_mitigation_modeler.cc`, Apache-2.0, © 2024 Google LLC), re-derived.
///
/// A spring-mass tip cuts the corners of fast loops (it lags and pulls inwards). The
/// mitigation blends each modeled point with its projection on the raw-input polyline
/// (``InkStylusStateModeler``): output = projected + (modeled − projected)·w, every field,
/// where the weight w comes from the average modeled speed s̄ over the last
/// `minSpeedSamplingWindow` seconds (samples whose time is more than the window before the
/// newest are dropped):
///   w = lerp(strengthAtSpeedLowerBound, strengthAtSpeedUpperBound,
///            clamp01((s̄ − speedLowerBound)/(speedUpperBound − speedLowerBound)))
/// (ratio 0 when the bounds are equal). w = 1 keeps the spring model; w = 0 is the raw
/// polyline. The weight for a point comes from the speeds of the points before it (1 for
/// the first point of a stroke); disabled, w is always 1.
///
/// The average is summed afresh over the window each time, in float32 and in order, as
/// ink does (so results match it to the bit): O(window samples) per modeled point; the speeds
/// live in a sliding window preallocated for 64 and grown by doubling.
///
/// A prediction evaluates the weights of points it appends without modifying the window:
/// a ``Lookahead`` counts the appended samples (read back from the results) and the samples
/// it would have dropped; ``commit(_:appended:)`` applies them after a real update.
struct InkLoopContractionMitigation: Sendable {
    /// One modeled speed (units/s) at a time (s).
    struct SpeedSample: Hashable, Sendable {
        var speed: Float = 0
        var time: Double = 0
    }

    /// Samples appended since the last commit, and how many of old ++ appended were dropped.
    struct Lookahead: Hashable, Sendable {
        var appended = 0
        var front = 0
    }

    let isEnabled: Bool
    private(set) var samples: InkSlidingWindow<SpeedSample>
    private let speedLowerBound: Float
    private let speedUpperBound: Float
    private let strengthAtLower: Float
    private let strengthAtUpper: Float
    private let window: Double

    /// Creates the mitigation (disabled for `nil`).
    init(_ parameters: InkStrokeModeler.LoopContractionParameters?) {
        isEnabled = parameters != nil
        samples = InkSlidingWindow(capacity: parameters == nil ? 1 : 64, filler: SpeedSample())
        speedLowerBound = Float(parameters?.speedLowerBound ?? 0)
        speedUpperBound = Float(parameters?.speedUpperBound ?? 0)
        strengthAtLower = Float(parameters?.strengthAtSpeedLowerBound ?? 1)
        strengthAtUpper = Float(parameters?.strengthAtSpeedUpperBound ?? 1)
        window = parameters?.minSpeedSamplingWindow ?? 0
    }

    /// Forgets the speeds (keeps the storage).
    mutating func reset() { samples.removeAll() }

    /// The weight w from the speeds in the window; 1 when empty or disabled.
    func interpolationValue() -> Float {
        guard isEnabled, !samples.isEmpty else { return 1 }
        var sum: Float = 0
        for i in 0..<samples.count { sum += samples[i].speed }
        return weight(averageSpeed: sum / Float(samples.count))
    }

    /// Adds the speed of `velocity` at `time`, drops samples older than the window, and
    /// returns the new weight (ink's `Update`); 1 when disabled.
    @discardableResult
    mutating func update(velocity: InkVec2, time: Double) -> Float {
        guard isEnabled else { return 1 }
        samples.append(SpeedSample(speed: InkMath.magnitude(velocity), time: time))
        while !samples.isEmpty && samples.last.time - samples.first.time > window {
            samples.removeFirst()
        }
        return interpolationValue()
    }

    /// The weight after one more sample is appended to the window, given `appended(j)`, the
    /// j-th sample appended since the lookahead began (j = 0…`lookahead.appended`, the new
    /// one last). Does not modify the window. 1 when disabled.
    func value(afterAppending lookahead: inout Lookahead, _ appended: (Int) -> SpeedSample) -> Float {
        guard isEnabled else { return 1 }
        lookahead.appended += 1
        let old = samples.count
        let total = old + lookahead.appended
        func sample(_ i: Int) -> SpeedSample { i < old ? samples[i] : appended(i - old) }
        let newest = sample(total - 1).time
        while total - lookahead.front > 0 && newest - sample(lookahead.front).time > window {
            lookahead.front += 1
        }
        var sum: Float = 0
        for i in lookahead.front..<total { sum += sample(i).speed }
        return weight(averageSpeed: sum / Float(total - lookahead.front))
    }

    /// Applies a lookahead: drops the samples it dropped and appends the rest of the
    /// samples it saw, so the window is as if ``update(velocity:time:)`` had run for each.
    mutating func commit(_ lookahead: Lookahead, appended: (Int) -> SpeedSample) {
        guard isEnabled else { return }
        let dropOld = Swift.min(lookahead.front, samples.count)
        let skipAppended = lookahead.front - dropOld
        samples.removeFirst(dropOld)
        var j = skipAppended
        while j < lookahead.appended {
            samples.append(appended(j))
            j += 1
        }
    }

    private func weight(averageSpeed: Float) -> Float {
        let ratio = InkMath.clamp01(InkMath.inverseLerp(speedLowerBound, speedUpperBound, averageSpeed))
        return InkMath.interp(strengthAtLower, strengthAtUpper, ratio)
    }
}
