import StrokeCore

extension PipelineDescription {
    /// The ink the pipeline's style would give the ground truth: the reference curve drawn as
    /// straight segments through its points, each point carrying the pen's channels at its time
    /// (force, maximum force, altitude, major radius interpolated linearly between the stroke's
    /// samples, azimuth along the shorter arc; the kind of the nearest earlier sample; speed and
    /// heading derived along the reference), styled by fresh instances of the pipeline's style
    /// stages — and, for outline makers, their outline of those samples. What `ink.iou` and
    /// `ink.error_area` compare the pipeline's ink with. Unstyled pipelines get the base ink
    /// (``baseInk``: 2 pt, black), whose pen channels are then not read. `samples` are the
    /// stroke's samples in time order, read once front to back (a stroke's
    /// `events.lazy.flatMap(\.samples)` serves without a copy). O(reference points + samples);
    /// O(reference points) unstyled.
    public func referenceInk<Samples: Sequence<TouchSample>>(_ reference: ReferenceCurve, samples: Samples) -> Ink {
        guard !reference.points.isEmpty else { return Ink() }
        // The reference's straight segments; a single point is a zero-length segment (a dot).
        var elements = reference.points.indices.map { i in
            i == 0 ? PathElement.move(to: reference.points[i].location) : .line(to: reference.points[i].location)
        }
        if elements.count == 1 { elements.append(.line(to: reference.points[0].location)) }
        let styles = stages(of: .style)
        guard !styles.isEmpty else {
            return Ink(committed: InkPath(elements: elements, attributes: [InkAttributes](repeating: baseInk, count: elements.count)))
        }
        var attributed: [AttributedSample] = []
        attributed.reserveCapacity(reference.points.count)
        var kinematics = SampleKinematics()
        // `current` is the latest sample at or before the reference point (the first sample
        // while none is), `next` the one after it.
        var remaining = samples.makeIterator()
        let first = remaining.next()
        var current = first, next = remaining.next()
        for p in reference.points {
            while let n = next, n.time <= p.time {
                current = n
                next = remaining.next()
            }
            var touch: TouchSample
            if let first, let before = current {
                if let after = next, before.time <= p.time {
                    let a = AttributedSample(before), b = AttributedSample(after)
                    let dt = b.time - a.time
                    touch = (dt > 0 ? a.interpolated(to: b, by: (p.time - a.time) / dt) : a).touch
                } else {
                    touch = p.time < first.time ? first : before
                }
            } else {
                touch = TouchSample(time: p.time, location: p.location)
            }
            touch.time = p.time
            touch.location = p.location
            attributed.append(kinematics.attribute(touch))
        }
        // One sample per element: the dot's two elements share its point's.
        let elementSamples = attributed.count == 1 ? [attributed[0], attributed[0]] : attributed
        var ink = [InkAttributes](repeating: baseInk, count: elements.count)
        var outline: [[Point]] = []
        for stage in styles {
            guard case .style(var style) = stage.implementation else { continue }
            style.begin(attributed[0])
            style.style(&ink, range: 0..<elements.count, elements: elements, samples: elementSamples, start: nil, previous: nil)
            if type(of: style).makesOutline {
                style.observe(attributed, terminal: true)
                style.appendOutline(to: &outline)
            }
        }
        return Ink(committed: InkPath(elements: elements, attributes: ink), outline: outline)
    }
}
