/// A parameter's value as a label writes it: a number or a word.
public enum ParameterValue: Hashable, Sendable, CustomStringConvertible {
    /// A finite number (times in milliseconds).
    case number(Double)
    /// A word: one of a parameter's choices, a colour, or a behaviour text.
    case choice(String)

    /// Canonical text: integers without a decimal point, other numbers in Swift's shortest
    /// round-trip form, words as they are.
    public var description: String {
        switch self {
        case .choice(let s): return s
        case .number(let v):
            if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
            return String(v)
        }
    }
}
