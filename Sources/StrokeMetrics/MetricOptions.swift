import StrokeCore

/// Parameters of the metrics, recorded with every result so a number can be reproduced
/// (`run.json` lists every one of them, ``recorded``).
///
/// Lengths (``resampleStep``, ``flatteningTolerance``, ``kinkWindow``, ``lagMatchTolerance``)
/// are in StrokeLab points (pt, 25.4/132 mm) and ``inkResolution`` in pixels per point,
/// whatever the trace's unit: ``PreparedStroke`` converts them to each trace's units with its
/// physical scale (``inTraceUnits(_:)``), so the same strokes recorded in pixels or in
/// millimetres are measured at the same physical step and give the same results.
///
/// Decoding (from an experiment spec) accepts any subset of the keys; missing keys take the
/// defaults, so a spec only states what it changes. The guide to the measurements
/// (`docs/guides/metrics.md`) explains each one.
public struct MetricOptions: Hashable, Sendable, Codable {
    /// Arc-length step Δs in pt (default 0.5 pt ≈ 0.096 mm): the scale of the jaggedness
    /// measures and the spacing of the points fidelity is measured at. A stroke so long that
    /// Δs would give more than ``maximumResampledPoints`` points is measured at a coarser
    /// step, reported as `jaggedness.step`.
    public var resampleStep: Double
    /// Tolerance in pt for flattening curves before measuring (default 0.01); curves
    /// are also cut into chords no longer than Δs/4 (``InkGeometry``), and the number of
    /// chords is bounded whatever the tolerance.
    public var flatteningTolerance: Double
    /// Horizons in milliseconds at which prediction error is reported.
    public var predictionHorizonsMs: [Double]
    /// Display latency in frames between an event's processing and its pixels (default 2).
    public var displayLatencyFrames: Double
    /// Turning angle in degrees above which a place counts as a kink (default 10).
    public var kinkThresholdDegrees: Double
    /// Arc-length window in pt within which the turning is summed (default 1).
    public var kinkWindow: Double
    /// Hold-out stride k for strokes without their own reference (default 4): every k-th
    /// sample (not the first or the last) is withheld from every pipeline and is the
    /// reference they are all measured against (``HoldOut``). 1 disables the hold-out: the
    /// pipelines are then measured against the very samples they were fed.
    public var holdOutStride: Int
    /// How far back in time from the display time the lag metric searches the reference for
    /// the rendered tip, in ms (default 300): the largest lag that can be reported.
    public var lagSearchBackMs: Double
    /// How far ahead of the display time the lag metric searches (overshoot), in ms
    /// (default 150). Back + ahead must stay below the period of the fastest loop drawn, or
    /// a circle's tip could match the same place one revolution away.
    public var lagSearchAheadMs: Double
    /// Distance tolerance in pt within which two places of the reference are equally
    /// good matches for the rendered tip (default 0.5): a resting pen's jitter, or a path that
    /// comes back within this distance, is resolved by time (``LagMatcher``), not by noise. On a
    /// moving pen only a tenth of it (``LagMatcher/tieFraction``) ties a tip to the newest
    /// sample; the pen rests when it moved less than this over ``LagMatcher/restWindow``.
    public var lagMatchTolerance: Double
    /// Longest interval between consecutive recorded samples, in ms, across which the pen's
    /// path is taken as known (default 50). A longer interval in which the pen moved more than
    /// ``lagMatchTolerance`` is a gap (``ReferenceGaps``): refreshes whose true position lies
    /// in it are excluded from lag and counted (`lag.frames_excluded`).
    public var referenceGapMs: Double

    /// Most points a stroke's curves are resampled into for fidelity (and about a quarter of
    /// the chords a path is cut into for jaggedness), default 2¹⁸
    /// (``defaultMaximumResampledPoints``): a stroke longer than this many steps Δs is
    /// measured at a coarser step (`jaggedness.step`). Bounds time and memory whatever the
    /// coordinates or the step. Allowed: 1024 … ``resampledPointsCeiling``.
    public var maximumResampledPoints: Int

    /// Resolution of the ink rasters `ink.iou` and `ink.error_area` are measured on, in
    /// pixels per pt (default 4); lowered for strokes whose grid would exceed
    /// ``InkCoverage/maximumPixels`` (the resolution used is reported as `ink.resolution`).
    public var inkResolution: Double

    /// Thresholds of the perceived side effects (`perceived.*`), in millimetres on the screen
    /// (``SideEffectOptions``); a spec sets them under `metrics: {sideEffects: {…}}`.
    public var sideEffects: SideEffectOptions

    /// The device the app runs on (``DeviceLatency``: its own touch-to-display latency and
    /// refresh rate), for `latency.end_to_end_ms`. A spec states it at the top level,
    /// `device: {latencyMs, refreshHz}`, not under `metrics`; `run.json` records it as `device`.
    public var device: DeviceLatency

    /// The largest ``maximumResampledPoints`` a spec may ask for (2²⁴), and the safety cap of
    /// every count the metrics derive from lengths.
    public static let resampledPointsCeiling = 1 << 24

    /// The default ``maximumResampledPoints``, 2¹⁸: 131 072 units at Δs = 0.5, longer than any
    /// stroke drawn by hand, and small enough that a runaway stroke (coordinates of 10¹²) is
    /// measured in about 100 MB (issue 11's bound is 200 MB; at 2²⁰ the metrics took ~290 MB).
    public static let defaultMaximumResampledPoints = 1 << 18

    /// Creates options; every parameter has its default.
    public init(resampleStep: Double = 0.5, flatteningTolerance: Double = 0.01,
                predictionHorizonsMs: [Double] = [8, 16, 25, 33, 50], displayLatencyFrames: Double = 2,
                kinkThresholdDegrees: Double = 10, kinkWindow: Double = 1, holdOutStride: Int = 4,
                lagSearchBackMs: Double = 300, lagSearchAheadMs: Double = 150, lagMatchTolerance: Double = 0.5,
                referenceGapMs: Double = 50, maximumResampledPoints: Int = MetricOptions.defaultMaximumResampledPoints, inkResolution: Double = 4,
                sideEffects: SideEffectOptions = SideEffectOptions(), device: DeviceLatency = DeviceLatency()) {
        self.resampleStep = resampleStep
        self.flatteningTolerance = flatteningTolerance
        self.predictionHorizonsMs = predictionHorizonsMs
        self.displayLatencyFrames = displayLatencyFrames
        self.kinkThresholdDegrees = kinkThresholdDegrees
        self.kinkWindow = kinkWindow
        self.holdOutStride = holdOutStride
        self.lagSearchBackMs = lagSearchBackMs
        self.lagSearchAheadMs = lagSearchAheadMs
        self.lagMatchTolerance = lagMatchTolerance
        self.referenceGapMs = referenceGapMs
        self.maximumResampledPoints = maximumResampledPoints
        self.inkResolution = inkResolution
        self.sideEffects = sideEffects
        self.device = device
    }

    /// The options for a trace of `scale`: every length (stated in pt) multiplied by the
    /// trace's units per point (`StrokeCore.PhysicalScale.units(per:)`), ``inkResolution``
    /// divided by it; the rest as they are. A trace in StrokeLab points at their stated length
    /// (factor exactly 1) gets the options bit for bit. O(1).
    public func inTraceUnits(_ scale: PhysicalScale) -> MetricOptions {
        let f = scale.units(per: .pt)
        guard f != 1 else { return self }
        var o = self
        o.resampleStep *= f
        o.flatteningTolerance *= f
        o.kinkWindow *= f
        o.lagMatchTolerance *= f
        o.inkResolution /= f
        return o
    }

    /// The keys a spec's `metrics` section may hold, in the order `run.json` records them.
    public enum CodingKeys: String, CodingKey, CaseIterable {
        case resampleStep, flatteningTolerance, predictionHorizonsMs, displayLatencyFrames, kinkThresholdDegrees,
             kinkWindow, holdOutStride, lagSearchBackMs, lagSearchAheadMs, lagMatchTolerance, referenceGapMs,
             maximumResampledPoints, inkResolution, sideEffects
    }

    /// Decodes the options, taking the default for every missing key.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = MetricOptions()
        resampleStep = try c.decodeIfPresent(Double.self, forKey: .resampleStep) ?? d.resampleStep
        flatteningTolerance = try c.decodeIfPresent(Double.self, forKey: .flatteningTolerance) ?? d.flatteningTolerance
        predictionHorizonsMs = try c.decodeIfPresent([Double].self, forKey: .predictionHorizonsMs) ?? d.predictionHorizonsMs
        displayLatencyFrames = try c.decodeIfPresent(Double.self, forKey: .displayLatencyFrames) ?? d.displayLatencyFrames
        kinkThresholdDegrees = try c.decodeIfPresent(Double.self, forKey: .kinkThresholdDegrees) ?? d.kinkThresholdDegrees
        kinkWindow = try c.decodeIfPresent(Double.self, forKey: .kinkWindow) ?? d.kinkWindow
        holdOutStride = try c.decodeIfPresent(Int.self, forKey: .holdOutStride) ?? d.holdOutStride
        lagSearchBackMs = try c.decodeIfPresent(Double.self, forKey: .lagSearchBackMs) ?? d.lagSearchBackMs
        lagSearchAheadMs = try c.decodeIfPresent(Double.self, forKey: .lagSearchAheadMs) ?? d.lagSearchAheadMs
        lagMatchTolerance = try c.decodeIfPresent(Double.self, forKey: .lagMatchTolerance) ?? d.lagMatchTolerance
        referenceGapMs = try c.decodeIfPresent(Double.self, forKey: .referenceGapMs) ?? d.referenceGapMs
        maximumResampledPoints = try c.decodeIfPresent(Int.self, forKey: .maximumResampledPoints) ?? d.maximumResampledPoints
        inkResolution = try c.decodeIfPresent(Double.self, forKey: .inkResolution) ?? d.inkResolution
        sideEffects = try c.decodeIfPresent(SideEffectOptions.self, forKey: .sideEffects) ?? d.sideEffects
        device = d.device
    }

    /// Every option with its value, in ``CodingKeys`` order: what `run.json` records, so a
    /// result can be reproduced. Numbers as `Double`, the horizons as `[Double]`; the
    /// side-effect thresholds one entry each, as `sideEffects.latenessMm`, ….
    public var recorded: [(key: String, value: [Double], isList: Bool)] {
        CodingKeys.allCases.flatMap { key -> [(key: String, value: [Double], isList: Bool)] in
            switch key {
            case .sideEffects:
                return sideEffects.recorded.map { ("sideEffects." + $0.key, [$0.value], false) }
            case .resampleStep: return [(key.rawValue, [resampleStep], false)]
            case .flatteningTolerance: return [(key.rawValue, [flatteningTolerance], false)]
            case .predictionHorizonsMs: return [(key.rawValue, predictionHorizonsMs, true)]
            case .displayLatencyFrames: return [(key.rawValue, [displayLatencyFrames], false)]
            case .kinkThresholdDegrees: return [(key.rawValue, [kinkThresholdDegrees], false)]
            case .kinkWindow: return [(key.rawValue, [kinkWindow], false)]
            case .holdOutStride: return [(key.rawValue, [Double(holdOutStride)], false)]
            case .lagSearchBackMs: return [(key.rawValue, [lagSearchBackMs], false)]
            case .lagSearchAheadMs: return [(key.rawValue, [lagSearchAheadMs], false)]
            case .lagMatchTolerance: return [(key.rawValue, [lagMatchTolerance], false)]
            case .referenceGapMs: return [(key.rawValue, [referenceGapMs], false)]
            case .maximumResampledPoints: return [(key.rawValue, [Double(maximumResampledPoints)], false)]
            case .inkResolution: return [(key.rawValue, [inkResolution], false)]
            }
        }
    }

    /// Problems with the options, one line each (empty when valid): non-positive or
    /// non-finite steps, tolerances, windows and rates; negative latency; a stride below 1 or
    /// above 1000. The runner refuses a spec whose options have problems. Tiny but positive
    /// steps and tolerances are valid: the work they cause is bounded
    /// (``maximumResampledPoints``).
    public var problems: [String] {
        var out: [String] = []
        func positive(_ v: Double, _ name: String) {
            if !(v > 0 && v.isFinite) { out.append("\(name) must be a positive number, got \(v)") }
        }
        func nonNegative(_ v: Double, _ name: String) {
            if !(v >= 0 && v.isFinite) { out.append("\(name) must be ≥ 0, got \(v)") }
        }
        positive(resampleStep, "resampleStep")
        positive(flatteningTolerance, "flatteningTolerance")
        positive(kinkThresholdDegrees, "kinkThresholdDegrees")
        positive(kinkWindow, "kinkWindow")
        positive(lagSearchBackMs, "lagSearchBackMs")
        nonNegative(lagSearchAheadMs, "lagSearchAheadMs")
        nonNegative(displayLatencyFrames, "displayLatencyFrames")
        nonNegative(lagMatchTolerance, "lagMatchTolerance")
        positive(referenceGapMs, "referenceGapMs")
        if holdOutStride < 1 || holdOutStride > 1000 { out.append("holdOutStride must be in 1…1000, got \(holdOutStride)") }
        if maximumResampledPoints < 1024 || maximumResampledPoints > Self.resampledPointsCeiling {
            out.append("maximumResampledPoints must be in 1024…\(Self.resampledPointsCeiling), got \(maximumResampledPoints)")
        }
        if !(inkResolution > 0 && inkResolution <= 1000) {
            out.append("inkResolution must be in (0, 1000] pixels per pt, got \(inkResolution)")
        }
        for h in predictionHorizonsMs where !(h > 0 && h.isFinite) {
            out.append("predictionHorizonsMs must hold positive numbers, got \(h)")
        }
        out += sideEffects.problems
        out += device.problems
        return out
    }
}
