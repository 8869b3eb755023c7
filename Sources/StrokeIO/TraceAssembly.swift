import Foundation
import StrokeCore

/// The last step every sample-based importer shares: pen-down runs of samples → a ``Trace``.
///
/// For each stroke: optional re-timing (``ImportOptions/retimeHz``), then grouping into
/// display-frame events with ``FrameGrouping`` at the refresh rate. The trace's
/// `sampleRateHz`, unless the importer knows it, is *measured*: 1 / the median of the
/// positive intervals between consecutive samples of the same stroke (repeated timestamps are
/// kept in the strokes but say nothing about the rate; `nil` when no stroke has two distinct
/// times). Nothing divides by a time step, so repeated timestamps are harmless. O(n log n)
/// for the median.
enum TraceAssembly {
    /// A stroke's samples before grouping, with the line each came from (for errors).
    struct RawStroke {
        var id: String
        var samples: [TouchSample] = []
        /// Source line of each sample (same count as `samples`), when the format has lines.
        var lines: [Int] = []
    }

    /// Builds the trace; throws when there is no stroke at all (a file of hover only).
    static func trace(file: String, strokes raw: [RawStroke], channels: [Channel], kind: TouchKind,
                      metadata: TraceMetadata, options: ImportOptions, rows: Int,
                      retime: Bool = true) throws(TraceFileError) -> Trace {
        guard !raw.isEmpty else {
            throw TraceFileError(file: file, problem: rows == 0
                ? "the file has no samples"
                : "no pen-down samples: none of the \(rows) samples has the pen on the surface, so there is no stroke")
        }
        var metadata = metadata
        if let device = options.device { metadata.device = device }
        let refresh = options.refreshRateHz ?? metadata.refreshRateHz
        metadata.refreshRateHz = refresh
        var strokes: [Stroke] = []
        strokes.reserveCapacity(raw.count)
        var intervals: [Double] = []
        for (k, r) in raw.enumerated() {
            try checkFinite(r.samples, lines: r.lines, file: file, stroke: k, id: r.id)
            var samples = r.samples
            if retime, let hz = options.retimeHz { Retiming.retime(&samples, nominalRateHz: hz) }
            for (a, b) in zip(samples, samples.dropFirst()) where b.time > a.time { intervals.append(b.time - a.time) }
            let events = FrameGrouping.events(from: samples, refreshRateHz: refresh)
            strokes.append(Stroke(id: r.id, kind: kind, events: events, channels: channels))
        }
        if metadata.sampleRateHz == nil, let m = median(&intervals) { metadata.sampleRateHz = rate(fromInterval: m) }
        return Trace(metadata: metadata, channels: channels, strokes: strokes)
    }

    /// Throws when a value is not representable (``StrokeCore/Channel/problem(with:)``):
    /// NaN, ±∞ — a huge coordinate times a unit scale, say — or beyond ±2⁵³, so that no
    /// value an algorithm cannot size safely can enter a trace. The error names the line.
    static func checkFinite(_ samples: [TouchSample], lines: [Int], file: String, stroke: Int, id: String) throws(TraceFileError) {
        for (j, s) in samples.enumerated() {
            for c in Channel.allCases {
                let v = c.value(of: s)
                guard let problem = c.problem(with: v) else { continue }
                throw TraceFileError(file: file, line: j < lines.count ? lines[j] : nil, stroke: stroke, strokeID: id, sample: j,
                                     problem: v.isFinite ? problem + " (in trace units)" : "\(c.rawValue) is out of range after unit conversion (\(v))")
            }
        }
    }

    /// 1 / `interval`, rounded to 0.001 Hz: timestamps rebased by a subtraction carry
    /// rounding noise (1/0.008000000000000007 s), which would otherwise show up as
    /// 125.00000000001377 Hz.
    /// A rate below 0.0005 Hz (an interval of over half an hour, found by the fuzzer) is kept
    /// unrounded, since rounding would make it 0, which no trace may hold; an interval so
    /// small that its rate is not finite (10⁻³¹⁰ s) gives `nil` (rate unknown).
    static func rate(fromInterval interval: Double) -> Double? {
        let raw = 1 / interval
        guard raw.isFinite, raw > 0 else { return nil }
        let rounded = (raw * 1000).rounded() / 1000
        return rounded > 0 && rounded.isFinite ? rounded : raw
    }

    /// The median of `values` (sorted in place), or `nil` when empty.
    static func median(_ values: inout [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        values.sort()
        let n = values.count
        return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2
    }

    /// `format:parent/stem`, the `source` an importer writes, e.g.
    /// `wacom-csv:ID0001-0883_20191126102804/mondat-gyors_tempoval-1`.
    static func source(_ format: TraceFormat, file: String) -> String {
        let url = URL(fileURLWithPath: file)
        let stem = url.deletingPathExtension().lastPathComponent
        let parent = url.deletingLastPathComponent().lastPathComponent
        return "\(format.rawValue):" + (parent.isEmpty || parent == "/" ? stem : parent + "/" + stem)
    }
}

/// Checks that a file's clock never runs backwards, naming the line where it does.
struct TimeOrder {
    private var previous: Double = -.infinity
    private var previousLine = 0

    /// Accepts `t` (equal to the previous time is fine) or throws naming `line`.
    mutating func check(_ t: Double, line: Int, file: String, what: String = "the timestamp") throws(TraceFileError) {
        if t < previous {
            throw TraceFileError(file: file, line: line,
                                 problem: "\(what) \(format(t)) goes backwards (line \(previousLine) has \(format(previous)))")
        }
        previous = t
        previousLine = line
    }

    private func format(_ v: Double) -> String { JSONText.number(v) }
}
