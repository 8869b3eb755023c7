/// The syntax of a pipeline label (DESIGN.md, "Pipeline"), before any id is looked up.
///
/// Grammar: `label := stage ("|" stage)*`, `stage := [kind ":"] id ["(" [param ("," param)*] ")"]`,
/// `param := name "=" value`. Blanks around tokens are ignored. Examples:
/// `main|interp:midpoint-bezier(tail=complete)`, `midpoint-bezier|predict:linear(horizon=16.7)`.
public struct PipelineLabel: Hashable, Sendable {
    /// One stage as written.
    public struct Stage: Hashable, Sendable {
        /// The kind prefix (`interp`, `filter`, `predict`, `style`), if written.
        public var kind: String?
        /// The stage id.
        public var id: String
        /// Parameters in the order written.
        public var parameters: [(name: String, value: String)]

        /// Equal when kind, id and parameters (in order) are equal.
        public static func == (a: Stage, b: Stage) -> Bool {
            a.kind == b.kind && a.id == b.id && a.parameters.elementsEqual(b.parameters, by: { $0 == $1 })
        }

        /// Hashes kind, id and parameters, consistently with `==`.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(kind)
            hasher.combine(id)
            for p in parameters { hasher.combine(p.name); hasher.combine(p.value) }
        }
    }

    /// The text as given.
    public var text: String
    /// Its stages in order.
    public var stages: [Stage]

    /// Parses `text`. O(length).
    /// - Throws: ``PipelineError`` naming the label and what is wrong (empty stage,
    ///   unbalanced parenthesis, a parameter without `=`, a repeated parameter).
    public init(parsing text: String) throws(PipelineError) {
        self.text = text
        var stages: [Stage] = []
        let trimmed = text.strippingBlanks
        guard !trimmed.isEmpty else { throw PipelineError(label: text, problem: "the label is empty") }
        // Split on "|" outside parentheses.
        var parts: [Substring] = []
        var depth = 0
        var start = trimmed.startIndex
        for i in trimmed.indices {
            switch trimmed[i] {
            case "(":
                depth += 1
                if depth > 1 { throw PipelineError(label: text, problem: "nested '(' in a stage's parameters") }
            case ")":
                depth -= 1
                if depth < 0 { throw PipelineError(label: text, problem: "')' without a matching '('") }
            case "|" where depth == 0:
                parts.append(trimmed[start..<i])
                start = trimmed.index(after: i)
            default: break
            }
        }
        guard depth == 0 else { throw PipelineError(label: text, problem: "'(' is never closed") }
        parts.append(trimmed[start...])

        for (position, raw) in parts.enumerated() {
            let part = String(raw).strippingBlanks
            guard !part.isEmpty else {
                throw PipelineError(label: text, problem: "stage \(position + 1) is empty (two '|' in a row, or a '|' at an end)")
            }
            var head = part
            var parameters: [(name: String, value: String)] = []
            if let open = part.firstIndex(of: "(") {
                guard part.last == ")" else {
                    throw PipelineError(label: text, problem: "stage '\(part)' has text after its ')'")
                }
                head = String(part[..<open]).strippingBlanks
                let inner = part[part.index(after: open)..<part.index(before: part.endIndex)]
                if !inner.strippingBlanks.isEmpty {
                    for item in inner.split(separator: ",", omittingEmptySubsequences: false) {
                        let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                        let name = String(pair[0]).strippingBlanks
                        guard pair.count == 2, !name.isEmpty else {
                            throw PipelineError(label: text, problem: "parameter '\(String(item).strippingBlanks)' of stage '\(head)' is not name=value")
                        }
                        let value = String(pair[1]).strippingBlanks
                        guard !value.isEmpty else {
                            throw PipelineError(label: text, problem: "parameter '\(name)' of stage '\(head)' has no value")
                        }
                        guard !parameters.contains(where: { $0.name == name }) else {
                            throw PipelineError(label: text, problem: "parameter '\(name)' of stage '\(head)' is given twice")
                        }
                        parameters.append((name, value))
                    }
                }
            }
            var kind: String? = nil
            var id = head
            if let colon = head.firstIndex(of: ":") {
                kind = String(head[..<colon]).strippingBlanks
                id = String(head[head.index(after: colon)...]).strippingBlanks
            }
            guard !id.isEmpty, id.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." }) else {
                throw PipelineError(label: text, problem: "'\(head)' is not a stage id (letters, digits, '-', '_' and '.' only)")
            }
            stages.append(Stage(kind: kind, id: id, parameters: parameters))
        }
        self.stages = stages
    }
}

/// A pipeline label that cannot be parsed or resolved. Its description is one line naming
/// the label and the problem.
public struct PipelineError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The label as given.
    public var label: String
    /// What is wrong.
    public var problem: String

    /// Creates an error.
    public init(label: String, problem: String) {
        self.label = label
        self.problem = problem
    }

    /// `pipeline 'LABEL': problem`, one line.
    public var description: String { "pipeline '\(label)': \(problem)" }
}

extension StringProtocol {
    /// The string without leading and trailing spaces, tabs and newlines (no Foundation).
    var strippingBlanks: String {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !blank($0) }), let last = lastIndex(where: { !blank($0) }) else { return "" }
        return String(self[first...last])
    }
}
