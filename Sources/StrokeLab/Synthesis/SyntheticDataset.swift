/// The synthetic trace set in `Datasets/synthetic/` that the default experiment uses.
///
/// Regenerate it, byte-identically, with `strokelab synth --standard --out Datasets/synthetic`
/// (or `make datasets`).
public enum SyntheticDataset {
    /// The specs of the standard set, one file each.
    public static let standard: [SyntheticTraceSpec] = [
        // Clean Apple Pencil at 240 Hz on a 60 Hz display: the known-answer set.
        SyntheticTraceSpec(name: "stylus-240hz-60fps", force: .bell, tilt: .upright, seed: 1),
        // The same on a 120 Hz ProMotion display: half the frame period.
        SyntheticTraceSpec(name: "stylus-240hz-120fps", refreshRateHz: 120, force: .bell, tilt: .upright, seed: 2),
        // A finger at 120 Hz, 0.25 pt of position noise.
        SyntheticTraceSpec(name: "finger-120hz-60fps", kind: .finger, sampleRateHz: 120, positionNoise: 0.25,
                           force: .none, tilt: .none, seed: 3),
        // A realistic pencil: 0.5 ms timestamp jitter, 0.15 pt noise, 5% of events late by
        // two frames, varying tilt, and two recorded predicted samples per event.
        SyntheticTraceSpec(name: "stylus-240hz-realistic", timestampJitterMs: 0.5, positionNoise: 0.15,
                           stallProbability: 0.05, stallFrames: 2, force: .bell, tilt: .varying,
                           predictedCount: 2, seed: 4),
        // The setting of the WWDC 2015 latency figures: a finger scanned at 60 Hz on a 60 Hz
        // display, noise-free. Each sample is φ frames old at delivery (φ the stroke's display
        // phase), so `linear` lags 2 + φ frames: about 2.5 on average, 1.5 with a one-frame
        // prediction — the time model's known answer.
        SyntheticTraceSpec(name: "finger-60hz-60fps", kind: .finger, sampleRateHz: 60, positionNoise: 0,
                           force: .none, tilt: .none, seed: 5),
    ]
}
