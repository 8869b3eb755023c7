/// One touch from down to up: the events UIKit delivers for it, plus optional ground truth.
///
/// A well-formed stroke starts with a `began` event, continues with `moved` events and ends
/// with an `ended` or `cancelled` event; the trace readers and generators guarantee that,
/// and ``TouchEvent`` guarantees every event has a sample.
public struct Stroke: Hashable, Sendable {
    /// An identifier unique within its trace, used in results and error messages.
    public var id: String
    /// Stylus, finger or mouse.
    public var kind: TouchKind
    /// Events in delivery order.
    public var events: [TouchEvent]
    /// Which columns this stroke's samples really carry.
    public var channels: [Channel]
    /// Dense ground truth for the pen's path over time, when known.
    public var reference: ReferenceCurve?

    /// Creates a stroke.
    public init(id: String, kind: TouchKind = .stylus, events: [TouchEvent],
                channels: [Channel] = Channel.required, reference: ReferenceCurve? = nil) {
        self.id = id
        self.kind = kind
        self.events = events
        self.channels = channels
        self.reference = reference
    }

    /// Every coalesced sample of every event, in order: the densest record of the pen.
    /// O(n) and allocates; iterate `events` in hot code.
    public var samples: [TouchSample] {
        var all: [TouchSample] = []
        all.reserveCapacity(sampleCount)
        for event in events { all.append(contentsOf: event.samples) }
        return all
    }

    /// The main sample of each event: what an app that ignores coalesced touches sees.
    public var mainSamples: [TouchSample] { events.map(\.main) }

    /// Total number of coalesced samples.
    public var sampleCount: Int { events.reduce(0) { $0 + $1.samples.count } }

    /// Time of the first sample, in seconds; 0 for a stroke without events.
    public var startTime: Double { events.first?.samples.first?.time ?? 0 }

    /// Time of the last sample, in seconds.
    public var endTime: Double { events.last?.main.time ?? 0 }
}
