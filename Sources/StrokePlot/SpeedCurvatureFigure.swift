extension ReportFigures {
    /// Figure (g): speed (left axis) and curvature magnitude |κ| (right axis) along a stroke
    /// against arc length. With `reference`, the reference's profile is drawn first as a wide
    /// pale line of the same colour, so the measured one stays visible on top of it where they
    /// agree. The curvature axis runs from 0 to the 98th percentile (widened by 15%), because
    /// single noisy samples would otherwise flatten everything else; the sign of κ (the turning
    /// direction) is left out, as it says nothing about smoothness.
    ///
    /// - Parameter unit: the trace unit, e.g. "pt".
    public static func speedAndCurvature(_ profile: StrokeProfile, reference: StrokeProfile? = nil,
                                         stroke: String, unit: String = "pt") -> Figure {
        let speedColor = PlotColor.palette(0), curvatureColor = PlotColor.palette(1)
        var series: [Series] = []
        var curvatures = profile.curvature.map(abs)
        if let r = reference {
            series.append(.line("speed (reference)", x: r.arcLength, y: r.speed, color: speedColor.lightened(0.6), lineWidth: 6))
            var rc = Series.line("|curvature| (reference)", x: r.arcLength, y: r.curvature.map(abs),
                                 color: curvatureColor.lightened(0.6), lineWidth: 6)
            rc.usesSecondaryYAxis = true
            series.append(rc)
            curvatures += r.curvature.map(abs)
        }
        series.append(.line("speed (samples)", x: profile.arcLength, y: profile.speed, color: speedColor, lineWidth: 1.8))
        var curv = Series.line("|curvature| (samples)", x: profile.arcLength, y: profile.curvature.map(abs),
                               color: curvatureColor, lineWidth: 1.5)
        curv.usesSecondaryYAxis = true
        series.append(curv)
        let finite = curvatures.filter(\.isFinite).sorted()
        var y2 = Axis(label: "curvature magnitude |κ| (1/\(unit))", minimum: 0)
        if finite.count >= 10 {
            let hi = finite[Int(Double(finite.count - 1) * 0.98)]
            y2.maximum = max(hi * 1.15, 1e-9)
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
