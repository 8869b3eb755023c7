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
    public var events: [TouchEvent] { didSet { sampleCount = Self.countSamples(events) } }
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
        sampleCount = Self.countSamples(events)
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

    /// Total number of coalesced samples, counting a sample every time an event carries it.
    /// Counted when ``events`` is set (O(events) then), so reading it is O(1): a replay reads
    /// it for every stroke it replays.
    public private(set) var sampleCount: Int

    /// The samples of `events`, counted once per change of ``events``.
    private static func countSamples(_ events: [TouchEvent]) -> Int {
        events.reduce(0) { $0 + $1.samples.count }
    }

    /// The number of distinct input samples: ``sampleCount`` less every event whose first
    /// sample is identical (`==`) to the previous event's last one, i.e. the same sample
    /// delivered again. A tap — a one-sample stroke — is a `began` and an `ended` event
    /// carrying the same sample, as UIKit reports the lift-off location too
    /// (``FrameGrouping``): 2 coalesced samples, 1 distinct. (Two identical consecutive input
    /// rows split across an event boundary also count once: they cannot be told apart from a
    /// re-delivery.) What an importer reports as the samples it read. O(events).
    public var distinctSampleCount: Int {
        var count = 0
        var previousLast: TouchSample? = nil
        for event in events {
            count += event.samples.count
            if let previousLast, let first = event.samples.first, first == previousLast { count -= 1 }
            previousLast = event.samples.last
        }
        return count
    }

    /// Time of the first sample, in seconds; 0 for a stroke without events.
    public var startTime: Double { events.first?.samples.first?.time ?? 0 }

    /// Time of the last sample, in seconds.
    public var endTime: Double { events.last?.main.time ?? 0 }
}
