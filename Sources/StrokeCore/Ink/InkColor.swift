/// An ink colour: red, green and blue in 0…1 (sRGB, not premultiplied). Opacity is kept
/// separately in ``InkAttributes``.
public struct InkColor: Hashable, Sendable {
    /// Red, 0…1.
    public var red: Double
    /// Green, 0…1.
    public var green: Double
    /// Blue, 0…1.
    public var blue: Double

    /// Creates a colour from its components (clamped to 0…1; NaN becomes 0).
    @inlinable
    public init(red: Double, green: Double, blue: Double) {
        self.red = Self.unit(red)
        self.green = Self.unit(green)
        self.blue = Self.unit(blue)
    }

    /// Black.
    public static let black = InkColor(red: 0, green: 0, blue: 0)
    /// White: the default background, and the eraser's colour on it.
    public static let white = InkColor(red: 1, green: 1, blue: 1)
    /// The grey ForceSketch draws with on devices without force (UIColor.gray, 0.5).
    public static let grey = InkColor(red: 0.5, green: 0.5, blue: 0.5)
    /// Graphite: the tone of Scribble's pencil texture, which StrokeLab draws as a flat colour.
    public static let graphite = InkColor(red: 0.25, green: 0.25, blue: 0.27)

    /// The colour of hue `h`, saturation `s` and brightness `b` (HSB/HSV, all in 0…1; hue
    /// wraps, so 1 is red again), as `UIColor(hue:saturation:brightness:alpha:)` computes it:
    /// sector i = ⌊6h⌋, f = 6h − i, p = b(1−s), q = b(1−sf), t = b(1−s(1−f)); (r, g, b) =
    /// (b,t,p), (q,b,p), (p,b,t), (p,q,b), (t,p,b), (b,p,q) for i = 0…5.
    /// Known answers: h = 0 red, ⅓ green, ⅔ blue. O(1), always inlined: a style that colours
    /// every element (ForceSketch's hue at saturation and brightness 1) gets the constants
    /// folded in, and pays no call and no second clamping.
    @inlinable @inline(__always)
    public init(hue h: Double, saturation s: Double, brightness v: Double) {
        var hue = h
        if !(hue >= 0 && hue < 1) {                         // wrap into [0, 1)
            hue = h.isFinite ? h - h.rounded(.down) : 0
            if hue >= 1 { hue = 0 }
        }
        let s = Self.unit(s), v = Self.unit(v)
        let scaled = hue * 6                                // in [0, 6): 6 × the largest double below 1 rounds below 6
        // The sector i = ⌊scaled⌋ is found by comparisons, each branch with its own f = scaled − i
        // (the same values as a checked conversion to Int and a jump table, at fewer instructions).
        // s, v and f lie in 0…1, so p, q and t do too: no second clamp.
        let p = v * (1 - s)
        if scaled < 3 {
            if scaled < 1 {
                let f = scaled - 0
                self.init(inRange: v, v * (1 - s * (1 - f)), p)
            } else if scaled < 2 {
                let f = scaled - 1
                self.init(inRange: v * (1 - s * f), v, p)
            } else {
                let f = scaled - 2
                self.init(inRange: p, v, v * (1 - s * (1 - f)))
            }
        } else if scaled < 4 {
            let f = scaled - 3
            self.init(inRange: p, v * (1 - s * f), v)
        } else if scaled < 5 {
            let f = scaled - 4
            self.init(inRange: v * (1 - s * (1 - f)), p, v)
        } else {
            let f = scaled - 5
            self.init(inRange: v, p, v * (1 - s * f))
        }
    }

    /// Components already in 0…1 (not checked).
    @inlinable
    init(inRange red: Double, _ green: Double, _ blue: Double) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Hue, saturation and brightness (HSB/HSV) of the colour, each in 0…1 (hue 0 for greys).
    public var hsb: (hue: Double, saturation: Double, brightness: Double) {
        let maxC = Swift.max(red, green, blue), minC = Swift.min(red, green, blue)
        let delta = maxC - minC
        let brightness = maxC
        let saturation = maxC > 0 ? delta / maxC : 0
        guard delta > 0 else { return (0, saturation, brightness) }
        var hue: Double
        if maxC == red { hue = (green - blue) / delta }
        else if maxC == green { hue = 2 + (blue - red) / delta }
        else { hue = 4 + (red - green) / delta }
        hue /= 6
        if hue < 0 { hue += 1 }
        return (hue, saturation, brightness)
    }

    /// Parses `black`, `white`, `grey`/`gray`, `graphite`, `red`, `green`, `blue`, or six hex
    /// digits `rrggbb` (an optional leading `#`). `nil` for anything else.
    public init?(parsing text: String) {
        let lower = text.lowercased()
        if let named = Self.named.first(where: { $0.name == lower }) {
            self = named.color
            return
        }
        var digits = Substring(text)
        if digits.first == "#" { digits = digits.dropFirst() }
        guard digits.count == 6, let v = UInt32(digits, radix: 16) else { return nil }
        self.init(red: Double((v >> 16) & 0xff) / 255, green: Double((v >> 8) & 0xff) / 255,
                  blue: Double(v & 0xff) / 255)
    }

    /// The colours with names, exactly as ``init(parsing:)`` reads them.
    static let named: [(name: String, color: InkColor)] = [
        ("black", .black), ("white", .white), ("grey", .grey), ("gray", .grey), ("graphite", .graphite),
        ("red", InkColor(red: 1, green: 0, blue: 0)), ("green", InkColor(red: 0, green: 1, blue: 0)),
        ("blue", InkColor(red: 0, green: 0, blue: 1)),
    ]

    /// The names ``init(parsing:)`` reads, in order (`gray` is `grey` spelt the other way).
    public static var names: [String] { named.map(\.name) }

    /// The colour's name when it is exactly one of the named colours, else ``hex``: the form a
    /// label prints, which ``init(parsing:)`` reads back as the same colour (a hex form would
    /// turn grey's 0.5 into 128/255).
    public var label: String {
        Self.named.first { $0.color == self }?.name ?? hex
    }

    /// Six lower-case hex digits `rrggbb`, each component rounded to 8 bits.
    public var hex: String {
        func byte(_ c: Double) -> String {
            let v = Int((c * 255).rounded())
            let s = String(v, radix: 16)
            return s.count == 1 ? "0" + s : s
        }
        return byte(red) + byte(green) + byte(blue)
    }

    @inlinable
    static func unit(_ v: Double) -> Double { v.isNaN ? 0 : Swift.min(Swift.max(v, 0), 1) }
}
