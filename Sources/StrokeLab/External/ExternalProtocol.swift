import StrokeCore
import StrokeIO
import StrokeSmoothing

/// The lines StrokeLab writes to an external pipeline (``ExternalPipeline``): one JSON object
/// per touch event.
enum ExternalProtocol {
    /// The columns of every sample array, in order: time (s), position (trace units), force,
    /// maximum force, altitude and azimuth (radians), contact radius (trace units).
    static let channels = ["t", "x", "y", "force", "maxForce", "altitude", "azimuth", "majorRadius"]

    /// Event `index` of `stroke` as one line (UTF-8, no newline). The last event is sent as
    /// `ended` when its recorded phase is not terminal (a truncated recording still ends).
    static func eventLine(stroke: Stroke, index: Int, terminal: Bool) -> [UInt8] {
        let event = stroke.events[index]
        let phase = terminal && !event.phase.isTerminal ? TouchPhase.ended : event.phase
        var s = "{\"stroke\": \(JSONText.quoted(stroke.id)), \"kind\": \"\(stroke.kind.rawValue)\", \"event\": \(index), "
        s += "\"phase\": \"\(phase.rawValue)\", \"time\": \(JSONText.number(event.time)), \"samples\": "
        append(event.samples, to: &s)
        s += ", \"predicted\": "
        append(event.predicted, to: &s)
        s += "}"
        return Array(s.utf8)
    }

    private static func append(_ samples: [TouchSample], to s: inout String) {
        s += "["
        for (i, p) in samples.enumerated() {
            if i > 0 { s += ", " }
            s += "["
            s += [p.time, p.location.x, p.location.y, p.force, p.maximumPossibleForce, p.altitude, p.azimuth, p.majorRadius]
                .map(JSONText.number).joined(separator: ", ")
            s += "]"
        }
        s += "]"
    }
}

/// Turns an external pipeline's answers into the record a built-in replay makes, frame by
/// frame: the committed elements appended, the frame's provisional tail and predicted ink in
/// the flat buffers, the tip, the predicted locations at the evaluation horizons, outlines.
struct ExternalReplayBuilder {
    private(set) var record = StrokeReplay()
    private let outlineFrames: Set<Int>
    private var newest = 0.0
    /// Coordinates beyond this are refused, as the trace readers refuse them (2⁵³).
    static let largestCoordinate = 9_007_199_254_740_992.0

    init(horizons: [Double], outlineFrames: Set<Int>) {
        record.horizons = horizons
        self.outlineFrames = outlineFrames
    }

    /// Records the answer to event `index`.
    /// - Throws: ``ExternalProcessFailure`` ("answered …") for invalid JSON or values.
    mutating func add(answer: ArraySlice<UInt8>, event: TouchEvent, index: Int, terminal: Bool) throws(ExternalProcessFailure) {
        let node: JSONNode
        do { node = try JSONParser.parse(Array(answer)) } catch {
            throw ExternalProcessFailure("answered invalid JSON (column \(error.column): \(error.problem)): \(ErrorText.excerpt(String(decoding: answer.prefix(120), as: UTF8.self), limit: 80))")
        }
        guard node.object != nil else { throw ExternalProcessFailure("answered \(node.typeName), not a JSON object") }
        record.samplesFed += event.samples.count
        // Provenance: the child's `origin`, or the newest sample before this event.
        var origin = index == 0 ? event.samples[0].time : newest
        if let n = node["origin"] { origin = try finite(n, "origin") }
        newest = event.samples[event.samples.count - 1].time
        let committed = try elements(node["committed"], "committed")
        let widths = try numbers(node["widths"], "widths", count: committed.count)
        for (i, e) in committed.enumerated() {
            record.ink.append(e, widths.map { InkAttributes(width: $0[i]) } ?? .default)
        }
        let provisionalStart = record.provisional.count
        let predictedStart = record.predicted.count
        let predictedInkStart = record.predictedInk.count
        let provisional = try elements(node["provisional"], "provisional")
        let provisionalWidths = try numbers(node["provisionalWidths"], "provisionalWidths", count: provisional.count)
        let predicted = try points(node["predicted"], "predicted", columns: 3)
        if !terminal {
            for (i, e) in provisional.enumerated() {
                record.provisional.append(e, provisionalWidths.map { InkAttributes(width: $0[i]) } ?? .default)
            }
        }
        let drawnTip = record.provisional.count > provisionalStart ? record.provisional.currentPoint : record.ink.currentPoint
        if !terminal, !predicted.isEmpty {
            let tip = drawnTip ?? Point(x: predicted[0][1], y: predicted[0][2])
            record.predictedInk.append(.move(to: tip), .default)
            for p in predicted {
                let location = Point(x: p[1], y: p[2])
                record.predicted.append(AttributedSample(time: p[0], location: location))
                record.predictedInk.append(.line(to: location), .default)
            }
        }
        for h in record.horizons {
            record.horizonPredictions.append(terminal ? nil : location(ahead: h, predicted: record.predicted[predictedStart...]))
        }
        if terminal || outlineFrames.contains(index), let outline = node["outline"] {
            let polygons = try outlinePolygons(outline)
            if terminal { record.outline = polygons } else { record.frameOutlines[index] = polygons }
        }
        let predictedInkEnd = record.predictedInk.count
        record.frames.append(ReplayFrame(
            eventIndex: index, phase: event.phase, time: event.time, newestSampleTime: newest, origin: origin,
            committedCount: record.ink.count, provisional: provisionalStart..<record.provisional.count,
            predicted: predictedStart..<record.predicted.count, predictedInk: predictedInkStart..<predictedInkEnd,
            tip: predictedInkEnd > predictedInkStart ? record.predictedInk.currentPoint : drawnTip))
    }

    /// Where the predicted samples put the pen `ahead` seconds after the newest sample: linear
    /// between the samples around that time (as ``StrokeSmoothing/RecordedPredictor`` reads a
    /// trace's predictions), `nil` when they do not reach it.
    private func location(ahead: Double, predicted: ArraySlice<AttributedSample>) -> Point? {
        let target = newest + ahead
        var previous: AttributedSample? = nil
        for s in predicted where s.time > newest {
            if s.time >= target {
                guard let p = previous, s.time > p.time else { return s.location }
                return p.location.interpolated(to: s.location, by: (target - p.time) / (s.time - p.time))
            }
            previous = s
        }
        return nil
    }

    private func finite(_ node: JSONNode, _ what: String) throws(ExternalProcessFailure) -> Double {
        guard let v = node.number else { throw ExternalProcessFailure("answered \(node.typeName) where \(what) needs a number") }
        guard v.isFinite, abs(v) <= Self.largestCoordinate else {
            throw ExternalProcessFailure("answered \(v) in \(what) (numbers must be finite and at most 2^53 in size)")
        }
        return v
    }

    private func elements(_ node: JSONNode?, _ key: String) throws(ExternalProcessFailure) -> [PathElement] {
        guard let node else { return [] }
        guard let list = node.array else { throw ExternalProcessFailure("answered \(node.typeName) for \"\(key)\", not a list of elements") }
        var out: [PathElement] = []
        out.reserveCapacity(list.count)
        for (i, item) in list.enumerated() {
            let what = "\"\(key)\"[\(i)]"
            guard let parts = item.array, let kind = parts.first?.string else {
                throw ExternalProcessFailure("answered \(item.typeName) for \(what), not [\"move\"|\"line\"|\"quad\"|\"cubic\", coordinates…]")
            }
            var v: [Double] = []
            for p in parts.dropFirst() { v.append(try finite(p, what)) }
            let needed = ["move": 2, "line": 2, "quad": 4, "cubic": 6][kind]
            guard let needed else { throw ExternalProcessFailure("answered an unknown element '\(ErrorText.excerpt(kind, limit: 20))' in \(what) (move, line, quad, cubic)") }
            guard v.count == needed else { throw ExternalProcessFailure("answered \(v.count) coordinates for a \(kind) in \(what), not \(needed)") }
            switch kind {
            case "move": out.append(.move(to: Point(x: v[0], y: v[1])))
            case "line": out.append(.line(to: Point(x: v[0], y: v[1])))
            case "quad": out.append(.quadCurve(to: Point(x: v[2], y: v[3]), control: Point(x: v[0], y: v[1])))
            default: out.append(.curve(to: Point(x: v[4], y: v[5]), control1: Point(x: v[0], y: v[1]), control2: Point(x: v[2], y: v[3])))
            }
        }
        return out
    }

    private func numbers(_ node: JSONNode?, _ key: String, count: Int) throws(ExternalProcessFailure) -> [Double]? {
        guard let node else { return nil }
        guard let list = node.array else { throw ExternalProcessFailure("answered \(node.typeName) for \"\(key)\", not a list of numbers") }
        guard list.count == count else { throw ExternalProcessFailure("answered \(list.count) \"\(key)\" for \(count) elements") }
        var out: [Double] = []
        for (i, n) in list.enumerated() {
            let w = try finite(n, "\"\(key)\"[\(i)]")
            guard w >= 0 else { throw ExternalProcessFailure("answered a negative width \(w) in \"\(key)\"[\(i)]") }
            out.append(w)
        }
        return out
    }

    private func points(_ node: JSONNode?, _ key: String, columns: Int) throws(ExternalProcessFailure) -> [[Double]] {
        guard let node else { return [] }
        guard let list = node.array else { throw ExternalProcessFailure("answered \(node.typeName) for \"\(key)\", not a list") }
        var out: [[Double]] = []
        for (i, item) in list.enumerated() {
            let what = "\"\(key)\"[\(i)]"
            guard let parts = item.array, parts.count == columns else {
                throw ExternalProcessFailure("answered \(item.typeName) for \(what), not \(columns) numbers")
            }
            var v: [Double] = []
            for p in parts { v.append(try finite(p, what)) }
            out.append(v)
        }
        return out
    }

    private func outlinePolygons(_ node: JSONNode) throws(ExternalProcessFailure) -> [[Point]] {
        guard let list = node.array else { throw ExternalProcessFailure("answered \(node.typeName) for \"outline\", not a list of polygons") }
        var out: [[Point]] = []
        for (i, polygon) in list.enumerated() {
            out.append(try points(polygon, "outline[\(i)]", columns: 2).map { Point(x: $0[0], y: $0[1]) })
        }
        return out
    }
}
