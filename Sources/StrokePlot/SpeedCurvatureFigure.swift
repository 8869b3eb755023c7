extension ReportFigures {
    /// Figure (g): speed (left axis) and curvature (right axis) along a stroke against arc
    /// length. With `reference`, the reference's profile is drawn dashed beside the measured
    /// one. The curvature axis is clipped to the 2nd–98th percentile range (widened by 15%),
    /// because single noisy samples would otherwise flatten everything else.
    ///
    /// - Parameter unit: the trace unit, e.g. "pt".
    public static func speedAndCurvature(_ profile: StrokeProfile, reference: StrokeProfile? = nil,
                                         stroke: String, unit: String = "pt") -> Figure {
        let speedColor = PlotColor.palette(0), curvatureColor = PlotColor.palette(1)
        var series: [Series] = [
            .line("speed (samples)", x: profile.arcLength, y: profile.speed, color: speedColor, lineWidth: 2),
        ]
        var curv = Series.line("curvature (samples)", x: profile.arcLength, y: profile.curvature, color: curvatureColor, lineWidth: 1.5)
        curv.usesSecondaryYAxis = true
        series.append(curv)
        var curvatures = profile.curvature
        if let r = reference {
            series.append(.line("speed (reference)", x: r.arcLength, y: r.speed, color: speedColor, lineWidth: 1.5, dashed: true))
            var rc = Series.line("curvature (reference)", x: r.arcLength, y: r.curvature, color: curvatureColor, lineWidth: 1.5, dashed: true)
            rc.usesSecondaryYAxis = true
            series.append(rc)
            curvatures += r.curvature
        }
        let finite = curvatures.filter(\.isFinite).sorted()
        var y2 = Axis(label: "curvature (1/\(unit)); positive = turning clockwise")
        if finite.count >= 10 {
            let lo = finite[Int(Double(finite.count - 1) * 0.02)], hi = finite[Int(Double(finite.count - 1) * 0.98)]
            let pad = max((hi - lo) * 0.15, 1e-9)
            y2.minimum = min(lo - pad, 0)
            y2.maximum = hi + pad
        }
        return Figure(
            title: "Speed and curvature along stroke \(stroke)",
            x: Axis(label: "arc length (\(unit))", minimum: 0),
            y: Axis(label: "speed (\(unit)/s)", minimum: 0),
            y2: y2,
            series: series,
            legend: Legend(.below))
    }
}
