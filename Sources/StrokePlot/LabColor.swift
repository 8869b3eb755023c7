import Foundation

/// A colour in CIELAB (D65 white), the space in which colour differences are judged:
/// `l` is lightness 0…100, `a` green (−) to red (+), `b` blue (−) to yellow (+).
///
/// Used to build palettes whose colours stay apart to the eye (``DistinctPalette``), which
/// hue steps in RGB do not: equal RGB steps give three blues that look alike and two greens
/// that do not.
public struct LabColor: Hashable, Sendable {
    /// Lightness L*, 0 (black) … 100 (white).
    public var l: Double
    /// a*: green (negative) to red (positive).
    public var a: Double
    /// b*: blue (negative) to yellow (positive).
    public var b: Double

    /// Creates a colour from its coordinates.
    public init(l: Double, a: Double, b: Double) {
        self.l = l
        self.a = a
        self.b = b
    }

    /// The CIELAB coordinates of an sRGB colour (IEC 61966-2-1 transfer curve, D65 white,
    /// the CIE 1976 formulas). O(1).
    public init(_ c: PlotColor) {
        func linear(_ v: UInt8) -> Double {
            let s = Double(v) / 255
            return s <= 0.04045 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
        }
        let r = linear(c.red), g = linear(c.green), bl = linear(c.blue)
        // sRGB → XYZ (D65), normalised by the white point.
        let x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * bl) / 0.95047
        let y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * bl
        let z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * bl) / 1.08883
        func f(_ t: Double) -> Double { t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116 }
        let fx = f(x), fy = f(y), fz = f(z)
        self.init(l: 116 * fy - 16, a: 500 * (fx - fy), b: 200 * (fy - fz))
    }

    /// Chroma C* = √(a² + b²): 0 for greys.
    public var chroma: Double { (a * a + b * b).squareRoot() }

    /// The CIEDE2000 colour difference ΔE₀₀ to `other` (Sharma, Wu & Dalal 2005, "The CIEDE2000
    /// color-difference formula: implementation notes, supplementary test data, and
    /// mathematical observations", with kL = kC = kH = 1). About 1 is the smallest difference
    /// people notice side by side; symmetric, 0 for equal colours. O(1).
    public func difference(to other: LabColor) -> Double {
        let deg = Double.pi / 180
        let c1 = chroma, c2 = other.chroma
        let cMean = (c1 + c2) / 2
        let c7 = pow(cMean, 7)
        let g = 0.5 * (1 - (c7 / (c7 + pow(25, 7))).squareRoot())
        let a1 = (1 + g) * a, a2 = (1 + g) * other.a
        let cp1 = (a1 * a1 + b * b).squareRoot(), cp2 = (a2 * a2 + other.b * other.b).squareRoot()
        func hue(_ b: Double, _ a: Double) -> Double {
            if a == 0 && b == 0 { return 0 }
            let h = atan2(b, a) / deg
            return h < 0 ? h + 360 : h
        }
        let h1 = hue(b, a1), h2 = hue(other.b, a2)
        let dL = other.l - l
        let dC = cp2 - cp1
        var dh = 0.0
        if cp1 * cp2 != 0 {
            dh = h2 - h1
            if dh > 180 { dh -= 360 } else if dh < -180 { dh += 360 }
        }
        let dH = 2 * (cp1 * cp2).squareRoot() * sin(dh / 2 * deg)
        let lMean = (l + other.l) / 2
        let cpMean = (cp1 + cp2) / 2
        var hMean = h1 + h2
        if cp1 * cp2 != 0 {
            if abs(h1 - h2) <= 180 { hMean = (h1 + h2) / 2 }
            else if h1 + h2 < 360 { hMean = (h1 + h2 + 360) / 2 }
            else { hMean = (h1 + h2 - 360) / 2 }
        }
        let t = 1 - 0.17 * cos((hMean - 30) * deg) + 0.24 * cos(2 * hMean * deg)
            + 0.32 * cos((3 * hMean + 6) * deg) - 0.20 * cos((4 * hMean - 63) * deg)
        let dTheta = 30 * exp(-pow((hMean - 275) / 25, 2))
        let cp7 = pow(cpMean, 7)
        let rC = 2 * (cp7 / (cp7 + pow(25, 7))).squareRoot()
        let l50 = (lMean - 50) * (lMean - 50)
        let sL = 1 + 0.015 * l50 / (20 + l50).squareRoot()
        let sC = 1 + 0.045 * cpMean
        let sH = 1 + 0.015 * cpMean * t
        let rT = -sin(2 * dTheta * deg) * rC
        let x = dL / sL, y = dC / sC, z = dH / sH
        return (x * x + y * y + z * z + rT * y * z).squareRoot()
    }
}
