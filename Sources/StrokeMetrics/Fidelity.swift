import StrokeCore

/// How true a rendered stroke is to the pen: closest-point distances between the rendered
/// path and the reference curve, in trace units.
///
/// Both curves are flattened and resampled at a uniform arc-length step `δ` first, so every
/// mean is arc-length weighted (a long chord counts for its length, not its two vertices).
/// Distances are measured from each resampled point to the other curve's *segments* (not
/// its vertices), through a ``SegmentGrid``.
///
/// - `mean`: symmetric mean closest-point distance,
///   ½·(mean_{a∈A} d(a, B) + mean_{b∈B} d(b, A)), A rendered, B reference.
/// - `max`: the directed Hausdorff distance rendered → reference, max_{a∈A} d(a, B): how far
///   the ink strays from the pen. For `linear` through N samples per revolution of a circle
///   of radius r it is the chord sagitta r(1 − cos(π/N)).
/// - `hausdorff`: max(max_a d(a, B), max_b d(b, A)) — also counts reference that has no ink
///   near it, such as samples an interpolator never drew.
/// - `frechet`: the discrete Fréchet distance (``DiscreteFrechet``, Eiter & Mannila 1994)
///   between the two resampled vertex sequences — like Hausdorff but order-aware, so ink
///   that skips or retraces part of the pen's path counts. It is ≥ the continuous Fréchet
///   distance and at most about δ_F/2 above it, where δ_F = δ unless a curve is longer than
///   ``maximumFrechetVertices``·δ: then both are resampled at δ_F = longer length /
///   ``maximumFrechetVertices`` for this one measure, which keeps its O(n·m) cost bounded
///   (about 17 million cells) on huge strokes such as raw tablet coordinates.
///
/// Source: standard curve-comparison measures (e.g. Alt & Godau 1995); "symmetric mean
/// closest-point distance" as in sketch-beautification studies.
public struct Fidelity: Hashable, Sendable {
    /// Symmetric mean closest-point distance (trace units).
    public var mean: Double
    /// Directed Hausdorff distance, rendered → reference (trace units).
    public var max: Double
    /// Symmetric Hausdorff distance (trace units).
    public var hausdorff: Double
    /// Discrete Fréchet distance between the resampled curves (trace units).
    public var frechet: Double
    /// The resampling step the Fréchet distance used (trace units): δ, or coarser for very
    /// long curves.
    public var frechetStep: Double

    /// The most vertices per curve the Fréchet distance is computed on.
    public static let maximumFrechetVertices = 4096

    /// Measures `rendered` against `reference`.
    ///
    /// Edge cases: an empty rendered polyline (nothing drawn) gives `nil` — there is no ink to
    /// measure; a one-point polyline (a dot) is a point. Complexity O((n + m)·k) with n, m the
    /// resampled counts and k the (small) number of segments per grid cell, plus O(n·m)
    /// time and O(m) memory for the Fréchet distance.
    /// - Parameter step: resampling step δ in trace units (> 0).
    public init?(rendered: Polyline, reference: Polyline, step: Double) {
        guard !rendered.isEmpty, !reference.isEmpty else { return nil }
        let a = rendered.resampled(step: step)
        let b = reference.resampled(step: step)
        let toReference = SegmentGrid(reference)
        let toRendered = SegmentGrid(rendered)
        var sumA = 0.0, maxA = 0.0
        for p in a.points {
            let d = toReference.distance(to: p)
            sumA += d
            maxA = Swift.max(maxA, d)
        }
        var sumB = 0.0, maxB = 0.0
        for p in b.points {
            let d = toRendered.distance(to: p)
            sumB += d
            maxB = Swift.max(maxB, d)
        }
        mean = (sumA / Double(a.count) + sumB / Double(b.count)) / 2
        max = maxA
        hausdorff = Swift.max(maxA, maxB)
        // Both resampled polylines are non-empty (resampling keeps the first point).
        let longest = Swift.max(rendered.length, reference.length)
        if longest / step > Double(Self.maximumFrechetVertices) {
            frechetStep = longest / Double(Self.maximumFrechetVertices)
            frechet = DiscreteFrechet.distance(rendered.resampled(step: frechetStep).points,
                                               reference.resampled(step: frechetStep).points) ?? hausdorff
        } else {
            frechetStep = step
            frechet = DiscreteFrechet.distance(a.points, b.points) ?? hausdorff
        }
    }
}
