/// An opaque sRGB colour for figure series.
public struct PlotColor: Hashable, Sendable {
    /// Red, 0–255.
    public var red: UInt8
    /// Green, 0–255.
    public var green: UInt8
    /// Blue, 0–255.
    public var blue: UInt8

    /// Creates a colour from 8-bit channels.
    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Creates a colour from `0xRRGGBB`.
    public init(hex: UInt32) {
        self.init(red: UInt8((hex >> 16) & 0xff), green: UInt8((hex >> 8) & 0xff), blue: UInt8(hex & 0xff))
    }

    /// `#rrggbb`, as gnuplot's `rgb '…'` and SVG expect.
    public var hexString: String {
        let digits = Array("0123456789abcdef")
        var s = "#"
        for c in [red, green, blue] {
            s.append(digits[Int(c >> 4)])
            s.append(digits[Int(c & 0xf)])
        }
        return s
    }

    /// Black.
    public static let black = PlotColor(hex: 0x000000)
    /// Mid grey, for reference lines.
    public static let grey = PlotColor(hex: 0x808080)

    /// The categorical palette series take colours from, in order: ``DistinctPalette/standard``
    /// (the Okabe–Ito colours, then colours added so each stays as far as possible from all
    /// before it).
    public static let palette: [PlotColor] = DistinctPalette.standard

    /// This colour mixed with white: `amount` 0 keeps it, 1 gives white. For a wide pale line
    /// drawn beneath a thin one of the same hue.
    public func lightened(_ amount: Double) -> PlotColor {
        let a = min(max(amount, 0), 1)
        func mix(_ c: UInt8) -> UInt8 { UInt8((Double(c) + (255 - Double(c)) * a).rounded()) }
        return PlotColor(red: mix(red), green: mix(green), blue: mix(blue))
    }

    /// This colour mixed with black: `amount` 0 keeps it, 1 gives black. For text in a
    /// series' colour that must stay legible on white.
    public func darkened(_ amount: Double) -> PlotColor {
        let a = min(max(amount, 0), 1)
        func mix(_ c: UInt8) -> UInt8 { UInt8((Double(c) * (1 - a)).rounded()) }
        return PlotColor(red: mix(red), green: mix(green), blue: mix(blue))
    }

    /// The colour for text in this colour on white: itself when dark enough (CIELAB L* ≤ 50),
    /// otherwise darkened until it is.
    public var legibleOnWhite: PlotColor {
        var c = self, k = 0
        while LabColor(c).l > 50 && k < 10 { c = c.darkened(0.12); k += 1 }
        return c
    }

    /// The `i`-th palette colour, cycling.
    public static func palette(_ i: Int) -> PlotColor {
        palette[((i % palette.count) + palette.count) % palette.count]
    }
}
