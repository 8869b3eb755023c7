import StrokeCore

/// How much work each command may do before it refuses, stated once (issue 24 item 1).
///
/// The limits of the experiment, tuning, rendering and synthesis commands are declared here;
/// the others stay with the module that enforces them (trace files: `StrokeIO.AtomicFile`,
/// specs: ``ExperimentSpec``, uploads: `StrokeRecorder.RecorderService`). The command-line
/// tool gathers them all into one table (`strokelab list --work-budget`), which
/// `docs/spec.md` ("Work budget") shows and every command's `--help` quotes for itself
/// (both checked by the tests). A request over a limit is refused before the work starts,
/// with one line that names the count, the limit and the option (`… more than the limit of
/// 1000; … raise the limit with --max-pipelines 1000000000`), in well under a second.
///
/// Geometry has its own budgets, per stroke and proportional to its samples
/// (``StrokeMetrics/InkGeometry``), so that the cost of a few samples does not depend on how
/// large their coordinates or times are.
public enum WorkBudget {
    /// The most pipelines (settings) one experiment may have — the spec's `pipelines`, every
    /// sweep's grid and every tune search's points together — unless `--max-pipelines` says
    /// otherwise: 1000. Applies to `run`, `report`, `tune` and the `merge` of their shards.
    /// A sweep grid multiplies quickly (five parameters of 15 values are 759,375 pipelines),
    /// and every pipeline is replayed and measured on every stroke.
    public static let pipelines = 1000
    /// The grid points per numeric range a tune search may ask for (`steps`).
    public static let gridSteps = 1...1000
    /// The points a random or Latin-hypercube tune search may draw (`samples`).
    public static let searchSamples = 1...10_000

    /// The most frames `render --frames` writes unless `--max-frames` says otherwise: 600
    /// (ten seconds of a 60 Hz display) of a canvas of ``frameCanvasPixels``; a larger
    /// canvas counts as that many frames' worth of pixels (``frameCost(width:height:)``).
    public static let frames = 600
    /// The canvas one frame of the budget stands for: 1600 × 1600 pixels (`--size`'s default).
    public static let frameCanvasPixels = 1600 * 1600
    /// The most bytes `render --frames` writes per frame of the budget, all frames together
    /// (checked as they are written; the set is abandoned beyond): 2 MiB, twenty times what
    /// a frame of a drawing takes.
    public static let frameBytes = 2 << 20

    /// The digitiser rates `synth` accepts, Hz: at 1 Hz a two-sample stroke lasts 1 s; at
    /// 10 kHz the standard shapes (12.5 s of drawing) make 125,000 samples.
    public static let synthSampleRate = 1.0...10_000.0
    /// The display rates `synth` accepts, Hz.
    public static let synthRefreshRate = 1.0...1000.0
    /// The largest position noise `synth` adds, in points (standard deviation): 10¹². Its
    /// Gaussian never exceeds 8.6 σ (Box–Muller from 53-bit uniforms), so every coordinate
    /// stays below 10¹³, well inside ±2⁵³ (``StrokeCore/Channel/maximumMagnitude``), the
    /// native format's limit, and every reader accepts what `synth` writes.
    public static let synthNoise = 1e12

    /// A count as text: whole numbers without a fraction, huge ones in exponent form.
    public static func count(_ x: Double) -> String {
        x.isFinite && x == x.rounded() && abs(x) < 1e15 ? String(Int64(x)) : String(x)
    }

    /// `1…1000`.
    public static func range(_ r: ClosedRange<Int>) -> String { "\(r.lowerBound)…\(r.upperBound)" }

    /// How many frames of the budget one frame of `width` × `height` pixels costs: its pixels
    /// over ``frameCanvasPixels``, at least 1 (rounded up).
    public static func frameCost(width: Int, height: Int) -> Int {
        Swift.max(1, (width * height + frameCanvasPixels - 1) / frameCanvasPixels)
    }
}
