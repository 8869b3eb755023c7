/// Physical length constants shared by the importers and exporters.
public enum PhysicalLength {
    /// Millimetres per typographic point (1/72 inch): 25.4 / 72 ≈ 0.35278 mm. StrokeLab's
    /// default trace unit; importers of tablets with a known physical scale convert to it so
    /// that the metrics' default arc-length step (Δs = 0.5 units ≈ 0.18 mm) means the same on
    /// every device.
    public static let millimetresPerPoint = 25.4 / 72

    /// Millimetres per unit of an InkML length unit name (`mm`, `cm`, `m`, `in`, `pt`, `pc`,
    /// `himetric` = 0.01 mm), or `nil` for a unit that is not a physical length (`dev`, `px`,
    /// an unknown name).
    public static func millimetres(perUnitNamed name: String) -> Double? {
        switch name.lowercased() {
        case "mm": return 1
        case "cm": return 10
        case "m": return 1000
        case "in": return 25.4
        case "pt": return millimetresPerPoint
        case "pc": return 25.4 / 6
        case "himetric": return 0.01
        default: return nil
        }
    }
}
