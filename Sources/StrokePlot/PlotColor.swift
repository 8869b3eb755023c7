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

    /// The Okabe–Ito palette (Okabe & Ito 2008, "Color Universal Design"), distinguishable
    /// under the common colour-vision deficiencies, then darker extras for large comparisons.
    /// Series take colours in this order.
    public static let palette: [PlotColor] = [
        PlotColor(hex: 0x0072B2), // blue
        PlotColor(hex: 0xD55E00), // vermillion
        PlotColor(hex: 0x009E73), // bluish green
        PlotColor(hex: 0xCC79A7), // reddish purple
        PlotColor(hex: 0xE69F00), // orange
        PlotColor(hex: 0x56B4E9), // sky blue
        PlotColor(hex: 0x000000), // black
        PlotColor(hex: 0xB8A000), // dark yellow (Okabe-Ito yellow darkened for white paper)
        PlotColor(hex: 0x7F3C8D),
        PlotColor(hex: 0x3969AC),
        PlotColor(hex: 0x80BA5A),
        PlotColor(hex: 0xA5AA99),
        // More for the default experiment's 20 pipelines (seeds and peers side by side):
        // saturated and dark tones that stay apart from the ones above on white paper.
        PlotColor(hex: 0xE31A1C), // red
        PlotColor(hex: 0x8C510A), // brown
        PlotColor(hex: 0x01665E), // dark teal
        PlotColor(hex: 0xC51B7D), // magenta
        PlotColor(hex: 0x4D4D4D), // dark grey
        PlotColor(hex: 0x6A3D9A), // purple
        PlotColor(hex: 0x1B9E77), // teal green
        PlotColor(hex: 0xFF7F00), // bright orange
        PlotColor(hex: 0x8E0152), // wine
        PlotColor(hex: 0x2166AC), // steel blue
        PlotColor(hex: 0x66A61E), // leaf green
        PlotColor(hex: 0xB15928), // rust
        PlotColor(hex: 0x9E9AC8), // lavender
    ]

    /// This colour mixed with white: `amount` 0 keeps it, 1 gives white. For a wide pale line
    /// drawn beneath a thin one of the same hue.
    public func lightened(_ amount: Double) -> PlotColor {
        let a = min(max(amount, 0), 1)
        func mix(_ c: UInt8) -> UInt8 { UInt8((Double(c) + (255 - Double(c)) * a).rounded()) }
        return PlotColor(red: mix(red), green: mix(green), blue: mix(blue))
    }

    /// The `i`-th palette colour, cycling.
    public static func palette(_ i: Int) -> PlotColor {
        palette[((i % palette.count) + palette.count) % palette.count]
    }
}
