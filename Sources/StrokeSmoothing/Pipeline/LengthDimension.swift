import StrokeCore

/// The physical dimension of a stage parameter that scales with length: a physical unit (`pt`,
/// `px` or `mm`, `StrokeCore.LengthUnit.millimetres`) raised to a power, optionally per
/// second. A distance or width is `pt` (power 1); a speed `pt/s` (power 1, per second); a
/// variance `pt²` (power 2); the 1€ filter's `beta`, a cutoff increase per unit of speed,
/// `1/px` (power −1).
///
/// A parameter declares its dimension once (``ParameterDeclaration/number(_:_:in:length:help:)``);
/// labels, `strokelab list` and the guides show its symbol, and a pipeline built for a trace
/// (``PipelineDescription/resolved(for:)``) multiplies its value by
/// (trace units per unit)^power (``factor(millimetresPerUnit:)``), so a dead zone of 50 px is
/// 68.75 units of a StrokeLab-point trace and 13.2 of a millimetre trace.
public struct LengthDimension: Hashable, Sendable {
    /// The physical unit the value is stated in.
    public var unit: LengthUnit
    /// The power of the length: 1 (lengths, speeds), 2 (areas, variances), −1 (per length).
    public var power: Int
    /// True for a rate: the symbol ends in `/s` (seconds do not scale).
    public var perSecond: Bool

    /// A dimension.
    public init(_ unit: LengthUnit, power: Int = 1, perSecond: Bool = false) {
        self.unit = unit
        self.power = power
        self.perSecond = perSecond
    }

    /// A length in StrokeLab points.
    public static let pt = LengthDimension(.pt)
    /// A length in CSS pixels.
    public static let px = LengthDimension(.px)
    /// A length in millimetres.
    public static let mm = LengthDimension(.mm)

    /// This length per second (a speed).
    public var perSecondRate: LengthDimension { LengthDimension(unit, power: power, perSecond: true) }
    /// The square (a variance).
    public var squared: LengthDimension { LengthDimension(unit, power: power * 2, perSecond: perSecond) }
    /// The inverse (per length).
    public var inverse: LengthDimension { LengthDimension(unit, power: -power, perSecond: perSecond) }

    /// The symbol help text and guides show: `pt`, `px/s`, `pt²`, `1/px`.
    public var symbol: String {
        let u = unit.rawValue
        let base: String
        switch power {
        case 1: base = u
        case 2: base = u + "²"
        case -1: base = "1/" + u
        case let p where p > 0: base = "\(u)^\(p)"
        default: base = "1/\(u)^\(-power)"
        }
        return perSecond ? base + "/s" : base
    }

    /// What a value in this dimension is multiplied by for a trace of `millimetresPerUnit`:
    /// (`StrokeCore.PhysicalScale.units(per:millimetresPerUnit:)`)^power — exactly 1 when the
    /// unit's stated length equals the trace's.
    @inlinable
    public func factor(millimetresPerUnit: Double) -> Double {
        let f = PhysicalScale.units(per: unit, millimetresPerUnit: millimetresPerUnit)
        switch power {
        case 1: return f
        case 2: return f * f
        case -1: return 1 / f
        case 0: return 1
        default:
            var r = 1.0
            for _ in 0..<abs(power) { r *= f }
            return power > 0 ? r : 1 / r
        }
    }
}
