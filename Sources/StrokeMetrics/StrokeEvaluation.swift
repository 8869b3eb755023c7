import StrokeCore
import StrokeSmoothing

/// Measures one replayed stroke: every metric StrokeLab reports for a stroke × pipeline.
///
/// This is the single entry point the experiment runner calls; each metric family lives in
/// its own type (``Fidelity``, …) and is tested on its own.
public enum StrokeEvaluation {
    /// The measurements of `replay` (the stroke replayed through a pipeline) against
    /// `reference`, in a fixed order.
    ///
    /// - `path.length` (units): arc length of the final committed path, flattened.
    /// - `path.elements` (count): drawing elements of the final path (`move`s excluded).
    /// - `fidelity.mean`, `fidelity.max`, `fidelity.hausdorff` (units): see ``Fidelity``;
    ///   omitted when nothing was drawn.
    ///
    /// Metrics in millimetres are added beside those in trace units when `millimetresPerUnit`
    /// is known.
    public static func measure(replay: StrokeReplay, reference: ReferenceCurve, options: MetricOptions,
                               millimetresPerUnit: Double? = nil) -> [Measurement] {
        var out: [Measurement] = []
        let rendered = replay.path.flattened(tolerance: options.flatteningTolerance)
        out.append(Measurement("path.length", rendered.length, "units"))
        out.append(Measurement("path.elements", Double(replay.path.drawingElementCount), "count"))
        if !replay.path.isEmpty, !reference.isEmpty,
           let f = Fidelity(rendered: rendered, reference: reference.polyline, step: options.resampleStep)
        {
            out.append(Measurement("fidelity.mean", f.mean, "units"))
            out.append(Measurement("fidelity.max", f.max, "units"))
            out.append(Measurement("fidelity.hausdorff", f.hausdorff, "units"))
            if let mm = millimetresPerUnit {
                out.append(Measurement("fidelity.mean_mm", f.mean * mm, "mm"))
                out.append(Measurement("fidelity.max_mm", f.max * mm, "mm"))
            }
        }
        return out
    }
}
