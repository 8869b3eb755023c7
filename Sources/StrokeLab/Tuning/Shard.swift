import Foundation
import StrokeIO
import StrokeMetrics

/// One deterministic slice of an experiment's work: shard K of N (`--shard K/N`).
///
/// The work is the units stroke × pipeline, numbered u = j·P + p for stroke j (traces in
/// order, strokes in order) and pipeline p of P; shard K measures the units with
/// u mod N = K − 1. Round robin spreads long strokes and slow pipelines over the shards;
/// every unit belongs to exactly one shard, whatever N.
public struct ShardSelection: Sendable, Hashable, CustomStringConvertible {
    /// K, 1-based.
    public var index: Int
    /// N.
    public var count: Int

    /// Shard `index` of `count`.
    /// - Throws: ``ExperimentError`` unless 1 ≤ index ≤ count ≤ 100000.
    public init(index: Int, count: Int) throws(ExperimentError) {
        guard (1...100_000).contains(count), (1...count).contains(index) else {
            throw ExperimentError("--shard \(index)/\(count): need 1 ≤ K ≤ N ≤ 100000")
        }
        self.index = index
        self.count = count
    }

    /// Parses `K/N`.
    /// - Throws: ``ExperimentError`` naming the text when it is not `K/N` with 1 ≤ K ≤ N.
    public init(parsing text: String) throws(ExperimentError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]) else {
            throw ExperimentError("--shard '\(text)': write K/N, e.g. 2/3 (shard 2 of 3)")
        }
        try self.init(index: k, count: n)
    }

    /// Whether unit (job, pipeline) of an experiment with `pipelines` pipelines is this shard's.
    public func contains(job: Int, pipeline: Int, pipelines: Int) -> Bool {
        (job * pipelines + pipeline) % count == index - 1
    }

    /// `2/3`.
    public var description: String { "\(index)/\(count)" }
}

/// What one shard measured, as written to `shard.json` beside its partial results: the
/// invocation (so a merge rebuilds the same experiment), the command line, a digest of the
/// spec file, the experiment's shape (traces, strokes, pipelines) and, per stroke it touched,
/// how the stroke was prepared and every unit's rows and notes. Values are stored as the
/// hexadecimal bit patterns of their doubles, so a merge reproduces them exactly.
///
/// **Verified.** `rowsDigest` is the FNV-1a digest of every unit's preparation, rows and
/// notes (``rowsDigest(_:)``), written with them; ``read(directory:)`` recomputes it and
/// refuses a record whose rows changed since `run --shard` wrote them (a value edited, set to
/// +inf, a metric renamed), and the merge checks every row against the metric catalogue
/// (``ShardRun/assembleUnits(_:traces:pipelines:)``). A digest guards against accidents and
/// edits, not against someone who recomputes it.
public struct ShardRecord: Sendable {
    /// The shard.
    public var shard: ShardSelection
    /// The command line that made it (`strokelab run --spec … --shard 2/3 --out …`).
    public var command: [String]
    /// The invocation.
    public var invocation: RunInvocation
    /// FNV-1a digest of the spec file's bytes (`nil` without a spec).
    public var specDigest: String?
    /// Pipeline names, in order.
    public var pipelines: [String]
    /// Per trace: dataset, name, strokes.
    public var traces: [(dataset: String, name: String, strokes: Int)]
    /// Per stroke measured here: job index and result (units of other shards `nil`).
    public var units: [(job: Int, result: ExperimentRunner.JobResult)]
    /// Where it was read from (for messages).
    public var path: String = ""

    /// The file name in a shard's output directory.
    public static let fileName = "shard.json"

    /// The JSON text.
    public var json: String {
        let q = JSONText.quoted
        var out = "{\"format\": \"strokelab.shard\", \"version\": 1, \"shard\": \(shard.index), \"of\": \(shard.count),\n"
        out += " \"command\": [\(command.map(q).joined(separator: ", "))],\n"
        out += " \"invocation\": \(invocation.json),\n"
        out += " \"specDigest\": \(specDigest.map(q) ?? "null"),\n"
        out += " \"pipelines\": [\(pipelines.map(q).joined(separator: ", "))],\n"
        out += " \"traces\": [" + traces.map { "{\"dataset\": \(q($0.dataset)), \"trace\": \(q($0.name)), \"strokes\": \($0.strokes)}" }
            .joined(separator: ", ") + "],\n"
        out += " \"rowsDigest\": \(q(Self.rowsDigest(units))),\n"
        out += " \"units\": [\n"
        out += units.map { unit in
            let r = unit.result
            let measured = r.pipelines.enumerated().compactMap { p, u -> String? in
                guard let u else { return nil }
                let rows = u.rows.map { "[\(q($0.metric)), \"\(String($0.value.bitPattern, radix: 16))\", \(q($0.unit))]" }
                return "{\"pipeline\": \(p), \"rows\": [\(rows.joined(separator: ", "))], \"notes\": [\(u.notes.map(q).joined(separator: ", "))]}"
            }
            return "  {\"job\": \(unit.job), \"reference\": \(q(r.reference)), \"heldOut\": \(r.heldOut), \"fed\": \(r.fed), \"pipelines\": [\n    "
                + measured.joined(separator: ",\n    ") + "]}"
        }.joined(separator: ",\n")
        out += "\n ]}\n"
        return out
    }

    /// Creates a record.
    public init(shard: ShardSelection, command: [String], invocation: RunInvocation, specDigest: String?, pipelines: [String],
                traces: [(dataset: String, name: String, strokes: Int)], units: [(job: Int, result: ExperimentRunner.JobResult)]) {
        self.shard = shard
        self.command = command
        self.invocation = invocation
        self.specDigest = specDigest
        self.pipelines = pipelines
        self.traces = traces
        self.units = units
    }

    /// Reads `directory/shard.json`.
    /// - Throws: ``ExperimentError`` naming the file: missing (the shard failed or has not
    ///   run), not JSON, or not a shard record.
    public static func read(directory: String) throws(ExperimentError) -> ShardRecord {
        let path = directory + "/" + fileName
        guard FileManager.default.fileExists(atPath: path) else {
            throw ExperimentError("\(directory): no \(fileName): not a finished shard (did its `strokelab run --shard` fail or not run?)")
        }
        let bytes: [UInt8]
        do { bytes = try AtomicFile.read(path) } catch { throw ExperimentError(error.description) }
        return try parse(bytes, path: path)
    }

    /// Parses the bytes of a `shard.json` read from `path` (for messages), checking its
    /// rows against their digest unless `verifyingDigest` is false (tests that forge one).
    static func parse(_ bytes: [UInt8], path: String, verifyingDigest: Bool = true) throws(ExperimentError) -> ShardRecord {
        let root: JSONNode
        do { root = try JSONParser.parse(bytes) } catch {
            throw ExperimentError("\(path):\(error.line):\(error.column): \(error.problem)")
        }
        func fail(_ what: String) -> ExperimentError { ExperimentError("\(path): \(what)") }
        guard root["format"]?.string == "strokelab.shard", root["version"]?.number == 1 else {
            throw fail("not a strokelab shard record (format strokelab.shard, version 1)")
        }
        func int(_ node: JSONNode?, _ what: String) throws(ExperimentError) -> Int {
            guard let d = node?.number, d == d.rounded(), abs(d) < 1e15 else { throw fail("\(what): missing or not a whole number") }
            return Int(d)
        }
        let shard: ShardSelection
        do { shard = try ShardSelection(index: try int(root["shard"], "shard"), count: try int(root["of"], "of")) } catch {
            throw fail(error.description)
        }
        guard let invocationNode = root["invocation"] else { throw fail("invocation: missing") }
        let invocation: RunInvocation
        do { invocation = try RunInvocation(json: invocationNode) } catch { throw fail(error.description) }
        let command = (root["command"]?.array ?? []).compactMap(\.string)
        let pipelines = (root["pipelines"]?.array ?? []).compactMap(\.string)
        var traces: [(dataset: String, name: String, strokes: Int)] = []
        for t in root["traces"]?.array ?? [] {
            guard let d = t["dataset"]?.string, let n = t["trace"]?.string else { throw fail("traces: an entry lacks dataset or trace") }
            traces.append((d, n, try int(t["strokes"], "traces.strokes")))
        }
        var units: [(job: Int, result: ExperimentRunner.JobResult)] = []
        for u in root["units"]?.array ?? [] {
            let job = try int(u["job"], "units.job")
            guard let reference = u["reference"]?.string else { throw fail("units[job \(job)].reference: missing") }
            var results = [ExperimentRunner.UnitResult?](repeating: nil, count: pipelines.count)
            for m in u["pipelines"]?.array ?? [] {
                let p = try int(m["pipeline"], "units.pipelines.pipeline")
                guard results.indices.contains(p) else { throw fail("units[job \(job)]: pipeline \(p) out of range") }
                var rows: [ResultRow] = []
                for r in m["rows"]?.array ?? [] {
                    guard let a = r.array, a.count == 3, let metric = a[0].string, let bits = a[1].string.flatMap({ UInt64($0, radix: 16) }),
                          let unit = a[2].string
                    else { throw fail("units[job \(job)]: a row is not [metric, bits, unit]") }
                    // dataset, trace, stroke and pipeline are filled in by the merge.
                    rows.append(ResultRow(dataset: "", trace: "", stroke: "", pipeline: "", metric: metric,
                                          value: Double(bitPattern: bits), unit: unit))
                }
                results[p] = ExperimentRunner.UnitResult(rows: rows, notes: (m["notes"]?.array ?? []).compactMap(\.string))
            }
            units.append((job, ExperimentRunner.JobResult(pipelines: results, reference: reference,
                                                          heldOut: try int(u["heldOut"], "units.heldOut"), fed: try int(u["fed"], "units.fed"))))
        }
        guard let written = root["rowsDigest"]?.string else {
            throw fail("no rowsDigest: not written by this version of `strokelab run --shard`; run shard \(shard) again")
        }
        guard written == rowsDigest(units) || !verifyingDigest else {
            throw fail("shard \(shard)'s measurements do not match the digest `run --shard` wrote with them (the file was changed since); run shard \(shard) again")
        }
        var record = ShardRecord(shard: shard, command: command, invocation: invocation, specDigest: root["specDigest"]?.string,
                                 pipelines: pipelines, traces: traces, units: units)
        record.path = path
        return record
    }

    /// The digest of `units` as `shard.json` stores them: FNV-1a (64-bit) over each unit's
    /// job, reference, counts and, per measured pipeline, its index, every row's metric, value
    /// bits and unit, and its notes, in order, with separators no text can hold unescaped.
    /// O(rows).
    public static func rowsDigest(_ units: [(job: Int, result: ExperimentRunner.JobResult)]) -> String {
        var h = FNV1a()
        for unit in units {
            let r = unit.result
            h.add("\(unit.job)\u{1F}\(r.reference)\u{1F}\(r.heldOut)\u{1F}\(r.fed)\u{1E}")
            for (p, u) in r.pipelines.enumerated() {
                guard let u else { continue }
                h.add("\(p)\u{1D}")
                for row in u.rows { h.add("\(row.metric)\u{1F}\(String(row.value.bitPattern, radix: 16))\u{1F}\(row.unit)\u{1E}") }
                for note in u.notes { h.add(note + "\u{1C}") }
            }
        }
        return h.hex
    }

    /// `command` (a shard's command line) as it would make shard `shard` (`3/3`): its
    /// `--shard` value replaced and its `--out` directory named `<shard K's own directory>`,
    /// so that copying it cannot overwrite the shard that ran. Arguments with spaces or
    /// quotes are single-quoted.
    public static func command(_ command: [String], shard: String) -> String {
        var words = command
        var i = 0
        while i < words.count {
            let w = words[i]
            if (w == "--shard" || w == "--out"), i + 1 < words.count {
                words[i + 1] = w == "--shard" ? shard : "<shard \(shard)'s own directory>"
                i += 2
                continue
            }
            if w.hasPrefix("--shard=") { words[i] = "--shard=" + shard }
            if w.hasPrefix("--out=") { words[i] = "--out=<shard \(shard)'s own directory>" }
            i += 1
        }
        if let tool = words.first { words[0] = (tool as NSString).lastPathComponent }
        return words.enumerated().map { k, w in
            k > 0 && w.contains(where: { " '\"|*?$".contains($0) }) && !w.hasPrefix("<") ? "'" + w.replacingAll("'", with: "'\\''") + "'" : w
        }.joined(separator: " ")
    }

    /// FNV-1a (64-bit) of a file's bytes as 16 hex digits; `nil` when unreadable.
    public static func digest(ofFile path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        var h = FNV1a()
        h.add(data)
        return h.hex
    }
}

/// The 64-bit FNV-1a hash (Fowler–Noll–Vo): h ← (h xor byte) · 1099511628211 from
/// 14695981039346656037. O(bytes).
struct FNV1a {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ bytes: some Sequence<UInt8>) {
        for b in bytes {
            value ^= UInt64(b)
            value = value &* 0x0000_0100_0000_01b3
        }
    }

    mutating func add(_ text: String) { add(text.utf8) }

    /// 16 hexadecimal digits.
    var hex: String {
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
