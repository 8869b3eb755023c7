import StrokeCore

extension PipelineDescription {
    /// The ink the pipeline's style would give the ground truth: the reference curve drawn as
    /// straight segments through its points, each point carrying the pen's channels at its time
    /// (force, maximum force, altitude, major radius interpolated linearly between the stroke's
    /// samples, azimuth along the shorter arc; the kind of the nearest earlier sample; speed and
    /// heading derived along the reference), styled by fresh instances of the pipeline's style
    /// stages — and, for outline makers, their outline of those samples. What `ink.iou` and
    /// `ink.error_area` compare the pipeline's ink with. Unstyled pipelines get the base ink
    /// (``baseInk``: 2 pt, black). O(reference points + samples).
    public func referenceInk(_ reference: ReferenceCurve, samples: [TouchSample]) -> Ink {
        guard !reference.points.isEmpty else { return Ink() }
        var attributed: [AttributedSample] = []
        attributed.reserveCapacity(reference.points.count)
        var kinematics = SampleKinematics()
        var j = 0
        for p in reference.points {
            while j + 1 < samples.count, samples[j + 1].time <= p.time { j += 1 }
            var touch: TouchSample
            if samples.isEmpty {
                touch = TouchSample(time: p.time, location: p.location)
            } else if j + 1 < samples.count, samples[j].time <= p.time {
                let a = AttributedSample(samples[j]), b = AttributedSample(samples[j + 1])
                let dt = b.time - a.time
                touch = (dt > 0 ? a.interpolated(to: b, by: (p.time - a.time) / dt) : a).touch
            } else {
                touch = samples[p.time < samples[0].time ? 0 : j]
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
        for stage in stages(of: .style) {
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
