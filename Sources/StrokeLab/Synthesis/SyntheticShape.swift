import RealModule
import StrokeCore

/// The analytic pen paths of StrokeLab's synthetic traces. Each is a curve p(t) over
/// [0, duration] in points (UIKit coordinates, y down), so its ground truth is exact.
///
/// | id | curve | duration | speed |
/// |---|---|---|---|
/// | `circle-slow` | circle r = 100 about (300, 300), one turn | 2 s | 314 pt/s |
/// | `circle-fast` | the same circle in 0.5 s ("draw a circle quickly": 30 main samples per turn at 60 Hz) | 0.5 s | 1257 pt/s |
/// | `spiral` | Archimedean, r = 10 + 40t, one turn per second | 3 s | 63–817 pt/s |
/// | `figure-eight` | lemniscate of Gerono, a = 120 | 2 s | varies |
/// | `line` | straight, 20° below the x axis, constant speed | 1 s | 400 pt/s |
/// | `cursive` | prolate trochoid (r = 12, d = 30, 2.5 loops/s): loops like a cursive "llll", with the speed minima at the curvature maxima of handwriting | 2 s | 1.7–3.3 pt/ms |
/// | `tap` | one point | 0 s | — |
/// | `two-sample` | two samples 3.16 pt apart | one sample period | — |
public enum SyntheticShape: String, Sendable, Hashable, CaseIterable {
    case circleSlow = "circle-slow"
    case circleFast = "circle-fast"
    case spiral
    case figureEight = "figure-eight"
    case line
    case cursive
    case tap
    case twoSample = "two-sample"

    /// Duration in seconds; `two-sample` lasts one sample period.
    public func duration(sampleRateHz: Double) -> Double {
        switch self {
        case .circleSlow: return 2
        case .circleFast: return 0.5
        case .spiral: return 3
        case .figureEight: return 2
        case .line: return 1
        case .cursive: return 2
        case .tap: return 0
        case .twoSample: return 1 / sampleRateHz
        }
    }

    /// The pen position `t` seconds after the stroke starts (t clamped to [0, duration]).
    public func position(at t: Double, sampleRateHz: Double) -> Point {
        let t = Swift.min(Swift.max(t, 0), duration(sampleRateHz: sampleRateHz))
        switch self {
        case .circleSlow, .circleFast:
            let period = self == .circleSlow ? 2.0 : 0.5
            let a = 2 * Double.pi * t / period
            return Point(x: 300 + 100 * Double.cos(a), y: 300 + 100 * Double.sin(a))
        case .spiral:
            let a = 2 * Double.pi * t
            let r = 10 + 40 * t
            return Point(x: 300 + r * Double.cos(a), y: 300 + r * Double.sin(a))
        case .figureEight:
            let a = 2 * Double.pi * t / 2
            return Point(x: 300 + 120 * Double.sin(a), y: 300 + 120 * Double.sin(a) * Double.cos(a))
        case .line:
            let angle = 20 * Double.pi / 180
            return Point(x: 100 + 400 * t * Double.cos(angle), y: 150 + 400 * t * Double.sin(angle))
        case .cursive:
            let theta = 2 * Double.pi * 2.5 * t
            let r = 12.0, d = 30.0
            // y down (UIKit): the loops rise above the baseline like a cursive "llll".
            return Point(x: 100 + r * theta - d * Double.sin(theta), y: 300 + (r - d * Double.cos(theta)))
        case .tap:
            return Point(x: 400, y: 400)
        case .twoSample:
            return Point(x: 420, y: 400).interpolated(to: Point(x: 423, y: 401), by: t * sampleRateHz)
        }
    }
}
