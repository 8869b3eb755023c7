import StrokeCore

/// A named shorthand for a pipeline (`linear` for `main|interp:linear`).
public struct PipelinePreset: Sendable, Hashable {
    /// The name used in labels.
    public var name: String
    /// What it expands to.
    public var expansion: String
    /// One line of help.
    public var summary: String

    /// Declares a preset.
    public init(name: String, expansion: String, summary: String) {
        self.name = name
        self.expansion = expansion
        self.summary = summary
    }
}

/// The stages and presets a label can name: a list of stage types (each describing itself,
/// ``PipelineStage``) and a list of presets.
public struct StageRegistry: Sendable {
    /// Registered stages.
    public var stages: [StageDescriptor]
    /// Registered presets.
    public var presets: [PipelinePreset]

    /// Creates a registry.
    public init(stages: [StageDescriptor], presets: [PipelinePreset]) {
        self.stages = stages
        self.presets = presets
    }

    /// The stages with `id`, of any kind.
    public func stages(withID id: String) -> [StageDescriptor] { stages.filter { $0.id == id } }

    /// The stage `kind:id`.
    public func stage(_ kind: StageKind, _ id: String) -> StageDescriptor? {
        stages.first { $0.kind == kind && $0.id == id }
    }

    /// The preset named `name`.
    public func preset(named name: String) -> PipelinePreset? { presets.first { $0.name == name } }

    /// Every built-in stage type, in `strokelab list` order.
    public static let standardStages: [StageDescriptor] = [
        // Filters
        StageDescriptor(PulledStringFilter.self),
        StageDescriptor(UpsamplingFilter.self),
        StageDescriptor(RefreshResamplingFilter.self),
        StageDescriptor(OneEuroFilter.self),
        StageDescriptor(InkModelerFilter.self),
        StageDescriptor(KritaWeightedFilter.self),
        StageDescriptor(KritaStabilizerFilter.self),
        // Curve builders
        StageDescriptor(LinearInterpolator.self),
        StageDescriptor(FourPointBezierInterpolator.self),
        StageDescriptor(MidpointBezierInterpolator.self),
        StageDescriptor(CoalescedOnlyInterpolator.self),
        StageDescriptor(CatmullRomInterpolator.self),
        StageDescriptor(QuadMidpointInterpolator.self),
        StageDescriptor(SignaturePadInterpolator.self),
        StageDescriptor(FitCurveInterpolator.self),
        // Predictors
        StageDescriptor(LinearPredictor.self),
        StageDescriptor(QuadraticPredictor.self),
        StageDescriptor(KalmanPredictor.self),
        StageDescriptor(RecordedPredictor.self),
        StageDescriptor(LeastSquaresPredictor.self),
        StageDescriptor(InkKalmanPredictor.self),
        StageDescriptor(StrokeEndPredictor.self),
        // Styles
        StageDescriptor(ConstantStyle.self),
        StageDescriptor(ScribbleStyle.self),
        StageDescriptor(ForceSketchStyle.self),
        StageDescriptor(BrushStyle.self),
        StageDescriptor(PerfectFreehandStyle.self),
    ]

    /// Every built-in preset.
    public static let standardPresets: [PipelinePreset] = [
        PipelinePreset(name: "linear", expansion: "main|interp:linear", summary: "LinearInterpView: lines through main samples"),
        PipelinePreset(name: "bezier4", expansion: "main|interp:bezier4", summary: "BezierInterpView: naive four-point Bézier over main samples"),
        PipelinePreset(name: "midpoint-bezier", expansion: "main|interp:midpoint-bezier",
                       summary: "SmoothedBIView: midpoint-smoothed Bézier over main samples"),
        PipelinePreset(name: "coalesced-only", expansion: "coalesced|interp:coalesced-only",
                       summary: "Scribble: lines through every coalesced sample"),
        PipelinePreset(name: "scribble", expansion: "coalesced|interp:coalesced-only|predict:recorded|style:scribble",
                       summary: "Scribble's final CanvasView: coalesced segments, recorded predictions, force width, tilt shading, finger eraser"),
        PipelinePreset(name: "forcesketch", expansion: "coalesced|interp:coalesced-only|style:forcesketch",
                       summary: "ForceSketch: coalesced segments, width and hue from force"),
        // The peers' strategies as apps use them (issue 12). Those drawn in straight segments end a
        // tap with a dot (`interp:linear(tail=complete)`), as an app built on them draws one (ink's
        // and perfect-freehand's own renderers draw a tap as a dot); only the seed presets keep the
        // seeds' blank tap. Krita's and the lazy brush's dead zones and strings keep theirs.
        PipelinePreset(name: "one-euro", expansion: "coalesced|filter:one-euro(minCutoff=1,beta=0.007)|interp:linear(tail=complete)",
                       summary: "1€ filter: coalesced samples through the 1€ filter (Casiez's pointer tuning) into straight segments"),
        PipelinePreset(name: "ink", expansion: "coalesced|filter:ink-modeler|interp:linear(tail=complete)|predict:ink-kalman",
                       summary: "ink-stroke-modeler: modeled stroke in straight segments, ink's Kalman prediction from the modeler's tip"),
        PipelinePreset(name: "ink-stroke-end", expansion: "coalesced|filter:ink-modeler|interp:linear(tail=complete)|predict:stroke-end",
                       summary: "ink-stroke-modeler with its stroke-end predictor (the catch-up drawn ahead of time)"),
        PipelinePreset(name: "krita-weighted", expansion: "coalesced|filter:weighted|interp:linear",
                       summary: "Krita's weighted smoothing (distance 50 px, tail aggressiveness 0.15)"),
        PipelinePreset(name: "krita-stabilizer", expansion: "coalesced|filter:stabilizer|interp:linear",
                       summary: "Krita's stabilizer (50 samples of 1 ms, delay 50 px, finish line)"),
        PipelinePreset(name: "lazy-brush", expansion: "coalesced|filter:pulled-string(length=10)|interp:linear",
                       summary: "lazy brush: the ink on a 10 pt string behind the pen"),
        PipelinePreset(name: "chromium-lsq", expansion: "coalesced|interp:linear(tail=complete)|predict:least-squares",
                       summary: "Chromium: coalesced segments, predicted pointer events from its least-squares predictor"),
        PipelinePreset(name: "catmull-rom", expansion: "coalesced|interp:catmull-rom",
                       summary: "centripetal Catmull-Rom through every coalesced sample"),
        PipelinePreset(name: "quad-midpoint", expansion: "coalesced|interp:quad-midpoint",
                       summary: "quadratic Béziers midpoint to midpoint through every coalesced sample (drawing tutorials)"),
        PipelinePreset(name: "signature-pad", expansion: "main|interp:signature-pad",
                       summary: "szimek/signature_pad as a web page runs it: one pointer event per frame, its defaults"),
        PipelinePreset(name: "fit-curve", expansion: "coalesced|interp:fit-curve",
                       summary: "Schneider curve fitting (Paper.js PathFitter), streaming, over every coalesced sample"),
        PipelinePreset(name: "perfect-freehand", expansion: "coalesced|interp:linear(tail=complete)|style:perfect-freehand",
                       summary: "steveruizok/perfect-freehand: every coalesced sample into the outline, the peer's defaults"),
    ]

    /// Every built-in stage and preset.
    public static let standard = StageRegistry(stages: standardStages, presets: standardPresets)
}
