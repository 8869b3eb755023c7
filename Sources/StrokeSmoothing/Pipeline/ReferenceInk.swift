import StrokeCore

extension PipelineDescription {
    /// The ink the pipeline's style would give the ground truth: the reference curve drawn as
    /// straight segments through its points, each point carrying the pen's channels at its time
    /// (force, maximum force, altitude, major radius interpolated linearly between the stroke's
    /// samples, azimuth along the shorter arc; the kind of the nearest earlier sample; speed and
    /// heading derived along the reference), styled by fresh instances of the pipeline's style
    /// stages — and, for outline makers, their outline of those samples. What `ink.iou` and
    /// `ink.error_area` compare the pipeline's ink with. Unstyled pipelines get the base ink
    /// (``baseInk``: 2 pt, black). `samples` are the stroke's samples in time order, read once
    /// front to back (a stroke's `events.lazy.flatMap(\.samples)` serves without a copy).
    /// O(reference points + samples).
    /// Without a style stage the pen's channels are not read: the ink is the reference's
    /// straight segments in the base ink, O(reference points).
    public func referenceInk<Samples: Sequence<TouchSample>>(_ reference: ReferenceCurve, samples: Samples) -> Ink {
        guard !reference.points.isEmpty else { return Ink() }
        let styles = stages(of: .style)
        if styles.isEmpty {
            var elements: [PathElement] = []
            elements.reserveCapacity(Swift.max(reference.points.count, 2))
            for (i, p) in reference.points.enumerated() { elements.append(i == 0 ? .move(to: p.location) : .line(to: p.location)) }
            if elements.count == 1 { elements.append(.line(to: reference.points[0].location)) }
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
        var line = Centerline()
        line.reserveCapacity(attributed.count)
        for (i, s) in attributed.enumerated() {
            if i == 0 { line.move(to: s.location, s) } else { line.addLine(to: s.location, s) }
        }
        if attributed.count == 1 { line.addLine(to: attributed[0].location, attributed[0]) }
        var ink = [InkAttributes](repeating: baseInk, count: line.count)
        var outline: [[Point]] = []
        for stage in styles {
            guard case .style(var style) = stage.implementation else { continue }
            style.begin(attributed[0])
            style.style(&ink, range: 0..<line.count, elements: line.elements, samples: line.samples, start: nil, previous: nil)
            if type(of: style).makesOutline {
                style.observe(attributed, terminal: true)
                style.appendOutline(to: &outline)
            }
        }
        return Ink(committed: InkPath(elements: line.elements, attributes: ink), outline: outline)
    }
}
