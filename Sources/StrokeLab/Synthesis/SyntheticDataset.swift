import StrokeCore

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
        // The style models' known answers (issue 10 item 8): straight lines at 400 pt/s, each
        // held its own way (see `styleStrokes`).
        SyntheticTraceSpec(name: "styles-240hz-60fps", shapes: [], styleStrokes: styleStrokes, seed: 6),
    ]

    /// The strokes of `styles-240hz-60fps.json`, drawn in this order, with what the seed styles
    /// make of each (ink of an element = the rule applied to the sample at its end; `x` is the
    /// element's end abscissa):
    /// - `force-ramp`: upright Apple Pencil (altitude π/2), (100, 100) → (500, 100), force
    ///   rising linearly 0 → 4 (= 4·(x − 100)/400): `style:scribble` width 4·force (0 → 16),
    ///   6 where the force is 0; `style:forcesketch` width force/4.17 × 20, hue force/4.17.
    /// - `shading-along`: pencil at altitude 0.25 rad (below π/6), azimuth 0, force 2.5,
    ///   (100, 200) → (500, 200), moving along the azimuth: scribble width 5, opacity 0.5.
    /// - `shading-across`: the same pencil moving down, (600, 60) → (600, 460), at right angles
    ///   to the azimuth: scribble width 65, opacity 0.5.
    /// - `eraser`: a finger with contact radius 30, (150, 50) → (650, 300), crossing the three
    ///   pencil strokes: scribble's eraser, width 15, erase blend; forcesketch without force
    ///   data: width 10, grey.
    /// - `3d-touch`: a 3D Touch finger (max force 6.67) pressing a third of the maximum,
    ///   (100, 380) → (500, 380): forcesketch hue ⅓ (120°, green), width 6.67; scribble
    ///   treats a finger as the eraser (no contact radius: width 20).
    /// - `3d-touch-ramp`: the same finger, force 0 → 6.67, (100, 460) → (500, 460):
    ///   forcesketch width 0 → 20 and the whole hue circle, red → green → blue → red.
    public static let styleStrokes: [SyntheticStyleStroke] = [
        SyntheticStyleStroke(id: "force-ramp", from: Point(x: 100, y: 100), to: Point(x: 500, y: 100),
                             force: .init(from: 0, to: 4), altitude: Double.pi / 2, azimuth: 0),
        SyntheticStyleStroke(id: "shading-along", from: Point(x: 100, y: 200), to: Point(x: 500, y: 200),
                             force: .constant(2.5), altitude: 0.25, azimuth: 0),
        SyntheticStyleStroke(id: "shading-across", from: Point(x: 600, y: 60), to: Point(x: 600, y: 460),
                             force: .constant(2.5), altitude: 0.25, azimuth: 0),
        SyntheticStyleStroke(id: "eraser", from: Point(x: 150, y: 50), to: Point(x: 650, y: 300), kind: .finger,
                             majorRadius: 30),
        SyntheticStyleStroke(id: "3d-touch", from: Point(x: 100, y: 380), to: Point(x: 500, y: 380), kind: .finger,
                             force: .constant(threeDTouchMaximumForce / 3), maximumForce: threeDTouchMaximumForce),
        SyntheticStyleStroke(id: "3d-touch-ramp", from: Point(x: 100, y: 460), to: Point(x: 500, y: 460), kind: .finger,
                             force: .init(from: 0, to: threeDTouchMaximumForce), maximumForce: threeDTouchMaximumForce),
    ]

    /// The `maximumPossibleForce` of the 3D Touch stroke: 6.67, the value issue 10 gives for
    /// ForceSketch's device (a 3D Touch iPhone reports 20/3).
    public static let threeDTouchMaximumForce = 6.67
}
