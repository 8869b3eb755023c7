/// How long one unit of a trace is, in millimetres: what converts a length stated in a
/// physical unit (a stage parameter in `pt` or `px`, a metric option in `pt`) into the trace's
/// own units, so that the same strokes recorded in different units give the same results.
///
/// A trace's scale is its recorded `millimetresPerUnit` or, when it records none, the stated
/// length of its unit (``LengthUnit/millimetres``: CSS px = 1/96 in, StrokeLab pt = 1/132 in,
/// mm); ``recorded`` says which (``TraceMetadata/physicalScale``). The conversion factor of a
/// unit is the ratio of two lengths, so it is exactly 1 when a parameter's unit is the trace's
/// unit at its stated length: a `pt` trace at 25.4/132 mm per unit uses `pt` parameters as
/// written, bit for bit.
public struct PhysicalScale: Hashable, Sendable {
    /// Millimetres per trace unit, in ``range``.
    public var millimetresPerUnit: Double
    /// The trace's unit (what its coordinates are written in).
    public var unit: LengthUnit
    /// True when the trace recorded its scale; false when it is its unit's stated length.
    public var recorded: Bool

    /// The scales StrokeLab accepts, 10⁻⁶…10⁶ mm per unit (a nanometre-scale device unit to a
    /// kilometre): readers refuse a recorded scale outside it, so every conversion of a
    /// parameter within its declared range stays finite.
    public static let range: ClosedRange<Double> = 1e-6...1e6

    /// A scale. `millimetresPerUnit` must be in ``range``.
    public init(millimetresPerUnit: Double, unit: LengthUnit, recorded: Bool) {
        precondition(Self.range.contains(millimetresPerUnit), "millimetresPerUnit \(millimetresPerUnit) outside \(Self.range)")
        self.millimetresPerUnit = millimetresPerUnit
        self.unit = unit
        self.recorded = recorded
    }

    /// The stated scale of `unit` (``LengthUnit/millimetres``), not recorded.
    public init(stated unit: LengthUnit) {
        self.init(millimetresPerUnit: unit.millimetres, unit: unit, recorded: false)
    }

    /// Trace units per one `unit`: `unit.millimetres / millimetresPerUnit` (exactly 1 when
    /// they are the same length). A length L stated in `unit` is L × this in trace units.
    @inlinable
    public func units(per unit: LengthUnit) -> Double { Self.units(per: unit, millimetresPerUnit: millimetresPerUnit) }

    /// Trace units per one `unit` for a trace of `millimetresPerUnit`.
    @inlinable
    public static func units(per unit: LengthUnit, millimetresPerUnit: Double) -> Double {
        unit.millimetres / millimetresPerUnit
    }
}
