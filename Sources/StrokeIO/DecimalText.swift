/// Strict, correctly rounded parsing of decimal numbers written as text.
///
/// Accepts exactly `[+-]? digits [. digits]? ([eE] [+-]? digits)?` (at least one digit in the
/// mantissa; `.5` and `5.` are allowed) and nothing else: no white space, no `nan`, `inf`,
/// hexadecimal or `_` separators, which Swift's `Double(String)` would accept. The result is
/// the double nearest the decimal value (round half to even), identical to `Double(String)`:
/// the common case (at most 19 significant digits, a power of ten up to 10²²) takes Clinger's
/// exact fast path — one correctly rounded multiplication or division of two exactly
/// representable doubles — and everything else falls back to the standard library. A value
/// too large for a double comes back as ±∞ so that callers can say so. Text longer than
/// ``maximumLength`` is not a number (`nil`): the standard library's conversion of a 10 MB
/// digit string takes seconds, and no real value needs more than 25 characters. O(length).
public enum DecimalText {
    /// The longest text accepted as a number: 512 characters. Readers report longer fields
    /// as too long, naming the line and column.
    public static let maximumLength = 512

    /// The value of `bytes[range]`, or `nil` when the text is not a decimal number (or is
    /// longer than ``maximumLength``).
    public static func parse(_ bytes: [UInt8], _ range: Range<Int>) -> Double? {
        var i = range.lowerBound
        let end = range.upperBound
        guard i < end, end - i <= maximumLength else { return nil }
        var negative = false
        if bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") {
            negative = bytes[i] == UInt8(ascii: "-")
            i += 1
        }
        var mantissa: UInt64 = 0
        var significant = 0     // digits accumulated into `mantissa` (leading zeros excluded)
        var dropped = false     // a non-zero digit did not fit in `mantissa`
        var exponent = 0        // decimal exponent applied to `mantissa`
        var digits = 0
        while i < end, bytes[i] &- 0x30 < 10 {
            accumulate(bytes[i] &- 0x30, &mantissa, &significant, &dropped, &exponent, fraction: false)
            digits += 1
            i += 1
        }
        if i < end, bytes[i] == UInt8(ascii: ".") {
            i += 1
            while i < end, bytes[i] &- 0x30 < 10 {
                accumulate(bytes[i] &- 0x30, &mantissa, &significant, &dropped, &exponent, fraction: true)
                digits += 1
                i += 1
            }
        }
        guard digits > 0 else { return nil }
        if i < end, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            var expNegative = false
            if i < end, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") {
                expNegative = bytes[i] == UInt8(ascii: "-")
                i += 1
            }
            var e = 0
            var expDigits = 0
            while i < end, bytes[i] &- 0x30 < 10 {
                if e < 100_000 { e = e * 10 + Int(bytes[i] &- 0x30) }
                expDigits += 1
                i += 1
            }
            guard expDigits > 0 else { return nil }
            exponent += expNegative ? -e : e
        }
        guard i == end else { return nil }
        if mantissa == 0 && !dropped { return negative ? -0.0 : 0.0 }
        // Clinger's fast path: both operands exact, so the one rounding is the correct one.
        if !dropped, mantissa <= 1 << 53, exponent >= -22, exponent <= 22 {
            let m = Double(mantissa)
            let v = exponent >= 0 ? m * powersOfTen[exponent] : m / powersOfTen[-exponent]
            return negative ? -v : v
        }
        return Double(String(decoding: bytes[range], as: UTF8.self))
    }

    /// The value of a whole string, or `nil` when it is not a decimal number.
    public static func parse(_ text: some StringProtocol) -> Double? {
        let bytes = Array(text.utf8)
        return parse(bytes, 0..<bytes.count)
    }

    @inline(__always)
    private static func accumulate(_ d: UInt8, _ mantissa: inout UInt64, _ significant: inout Int, _ dropped: inout Bool,
                                   _ exponent: inout Int, fraction: Bool) {
        if significant < 19 {
            if mantissa == 0 && d == 0 {
                if fraction { exponent -= 1 }
                return
            }
            mantissa = mantissa * 10 + UInt64(d)
            significant += 1
            if fraction { exponent -= 1 }
        } else {
            // Too many digits for the fast path; the slow path rereads the text anyway.
            if d != 0 { dropped = true }
            if !fraction { exponent += 1 }
        }
    }

    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]
}
