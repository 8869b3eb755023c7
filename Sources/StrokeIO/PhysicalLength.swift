import StrokeCore

/// Physical length conversions shared by the importers and exporters.
///
/// StrokeLab's `pt` is the **iOS point** at an iPad Pro's 132 points per inch
/// (``StrokeCore/LengthUnit/millimetresPerPoint`` = 25.4/132 ≈ 0.19242 mm; see
/// ``StrokeCore/LengthUnit/pointsPerInch`` for why), the unit the synthetic traces and the
/// oracle vectors use. Importers of tablets with a known physical scale (`.svc`, wacom-csv,
/// BDALab JSON, InkML in physical units) convert millimetres to it, so the metrics' default
/// arc-length step Δs = 0.5 pt covers the same 0.096 mm on every dataset. It is *not* the
/// typographic point (1/72 in, ``typographicPointMillimetres``), which InkML's `pt` means.
public enum PhysicalLength {
    /// Millimetres per typographic point (1/72 in, PostScript/CSS/W3C `pt`): 25.4/72 ≈
    /// 0.35278 mm. Only for reading units named `pt` in other formats (InkML).
    public static let typographicPointMillimetres = 25.4 / 72

    /// ``StrokeCore/PhysicalScale/range`` as error messages write it: `1e-06…1e+06 mm per unit`.
    public static let scaleRangeText = "\(JSONText.number(PhysicalScale.range.lowerBound))…\(JSONText.number(PhysicalScale.range.upperBound)) mm per unit"

    /// A recorded `millimetresPerUnit` that StrokeLab accepts: `nil` when `value` is in
    /// ``StrokeCore/PhysicalScale/range``, else the problem (one line, naming `what`).
    public static func scaleProblem(_ value: Double, _ what: String) -> String? {
        PhysicalScale.range.contains(value) ? nil : "\(what) must be in \(scaleRangeText), not \(JSONText.number(value))"
    }

    /// StrokeLab points per millimetre: 1 / ``StrokeCore/LengthUnit/millimetresPerPoint``
    /// = 132/25.4 ≈ 5.19685.
    public static let pointsPerMillimetre = LengthUnit.pointsPerInch / 25.4

    /// Millimetres per unit of an InkML length unit name (`mm`, `cm`, `m`, `in`, `pt` =
    /// typographic 1/72 in, `pc` = 1/6 in, `himetric` = 0.01 mm), or `nil` for a unit that is
    /// not a physical length (`dev`, `px`, an unknown name).
    public static func millimetres(perUnitNamed name: String) -> Double? {
        switch name.lowercased() {
        case "mm": return 1
        case "cm": return 10
        case "m": return 1000
        case "in": return 25.4
        case "pt": return typographicPointMillimetres
        case "pc": return 25.4 / 6
        case "himetric": return 0.01
        default: return nil
        }
    }
}
