/// ink-stroke-modeler's wobble smoother (google/ink-stroke-modeler `wobble_smoother.cc`,
/// Apache-2.0, © 2022 Google LLC), re-derived: a speed-gated moving average that removes
/// the digitiser's high-frequency wobble from slow strokes and leaves fast ones untouched.
///
/// Over the samples of the last `timeout` seconds (each sample i after the first carries
/// its duration Δtᵢ = tᵢ − tᵢ₋₁ and length dᵢ = |pᵢ − pᵢ₋₁|):
/// - average position p̄ = Σ pᵢ·Δtᵢ / Σ Δtᵢ (each position weighted by the duration of the
///   segment that ends at it);
/// - average speed s̄ = Σ dᵢ / Σ Δtᵢ;
/// - output = p̄ + (p − p̄)·normalize01(floor, ceiling, s̄): the average at or below
///   `speedFloor`, the input at or above `speedCeiling`, linear between (a step at the floor
///   when floor = ceiling).
/// A sample leaves the window once its time is before t − timeout. While the window spans no
/// time (Σ Δt = 0, e.g. repeated timestamps) the input passes unchanged. Running sums are
/// float32 as in ink (the duration sum accumulates a float64 duration into a float32, as
/// ink's `float += double`), so results match ink's to the bit.
///
/// Units: positions in trace units, times in seconds, speeds in units/s.
/// O(1) amortised per input (each sample enters and leaves the window once); memory is the
/// window's sample count, preallocated for 32 and grown by doubling if ever needed.
struct InkWobbleSmoother: Sendable {
    struct Sample: Sendable {
        var position = InkVec2.zero
        var weightedPosition = InkVec2.zero
        var distance: Float = 0
        var duration: Double = 0
        var time: Double = 0
    }

    private(set) var parameters: InkStrokeModeler.WobbleParameters
    private(set) var samples = InkSlidingWindow(capacity: 32, filler: Sample())
    private var weightedPositionSum = InkVec2.zero
    private var distanceSum: Float = 0
    private var durationSum: Float = 0
    private let timeout: Double
    private let speedFloor: Float
    private let speedCeiling: Float

    /// Creates the smoother; call ``reset(position:time:)`` at each stroke's first input.
    init(_ parameters: InkStrokeModeler.WobbleParameters) {
        self.parameters = parameters
        timeout = parameters.timeout
        speedFloor = Float(parameters.speedFloor)
        speedCeiling = Float(parameters.speedCeiling)
    }

    /// Starts a stroke at `position`, `time` (the window's first sample). Keeps the storage.
    mutating func reset(position: InkVec2, time: Double) {
        samples.removeAll()
        weightedPositionSum = .zero
        distanceSum = 0
        durationSum = 0
        samples.append(Sample(position: position, time: time))
    }

    /// Adds a sample and returns the smoothed position (the input itself when disabled).
    /// Precondition: ``reset(position:time:)`` was called for the stroke.
    mutating func update(position: InkVec2, time: Double) -> InkVec2 {
        guard parameters.isEnabled else { return position }
        let previous = samples.last
        let deltaTime = time - previous.time
        let sample = Sample(position: position, weightedPosition: position * Float(deltaTime),
                            distance: InkMath.distance(position, previous.position),
                            duration: deltaTime, time: time)
        samples.append(sample)
        weightedPositionSum += sample.weightedPosition
        distanceSum += sample.distance
        durationSum = Float(Double(durationSum) + sample.duration)
        while samples.first.time < time - timeout {
            let front = samples.first
            weightedPositionSum -= front.weightedPosition
            distanceSum -= front.distance
            durationSum = Float(Double(durationSum) - front.duration)
            samples.removeFirst()
        }
        if durationSum == 0 { return position }
        let averagePosition = weightedPositionSum / durationSum
        let averageSpeed = distanceSum / durationSum
        return InkMath.interp(averagePosition, position,
                              InkMath.normalize01(speedFloor, speedCeiling, averageSpeed))
    }
}
