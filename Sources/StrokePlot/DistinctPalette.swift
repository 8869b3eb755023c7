/// Categorical colours chosen so that every colour stays as far as possible from all before
/// it, to the eye: the greedy farthest-point construction of Glasbey et al. (2007, "Colour
/// displays for categorical images", Color Research & Application 32(4)) in CIELAB with the
/// CIEDE2000 difference (``LabColor/difference(to:)``).
///
/// It starts from the Okabe–Ito colours (Okabe & Ito 2008, distinguishable under the common
/// colour-vision deficiencies), so a figure with up to eight pipelines looks as it always did,
/// then adds, one at a time, the sRGB colour (on a grid of 16 levels per channel) whose
/// smallest difference to the colours already chosen is largest. Candidates are kept legible
/// on white paper and clearly coloured: lightness L* in 25…70 and chroma C* ≥ 30 (a pale or
/// grey colour reads as "muted", which the figures use for emphasis). Ties go to the first
/// candidate in grid order, so the palette is the same on every machine.
public enum DistinctPalette {
    /// The Okabe–Ito colours the palette starts from (yellow darkened for white paper).
    public static let seeds: [PlotColor] = [
        PlotColor(hex: 0x0072B2), // blue
        PlotColor(hex: 0xD55E00), // vermillion
        PlotColor(hex: 0x009E73), // bluish green
        PlotColor(hex: 0xCC79A7), // reddish purple
        PlotColor(hex: 0xE69F00), // orange
        PlotColor(hex: 0x56B4E9), // sky blue
        PlotColor(hex: 0x000000), // black
        PlotColor(hex: 0xB8A000), // dark yellow
    ]

    /// The standard palette: the seeds, then colours added farthest-first up to 40 in all.
    public static let standard: [PlotColor] = make(count: 40)

    /// The first `count` colours: `seeds` (all of them, or the first `count`), then colours
    /// added farthest-first as the type describes. O(count · 4096) colour differences.
    public static func make(count: Int, seeds: [PlotColor] = DistinctPalette.seeds) -> [PlotColor] {
        var chosen = Array(seeds.prefix(max(count, 0)))
        guard chosen.count < count else { return chosen }
        var candidates: [(color: PlotColor, lab: LabColor)] = []
        for r in 0..<16 {
            for g in 0..<16 {
                for b in 0..<16 {
                    let c = PlotColor(red: UInt8(r * 17), green: UInt8(g * 17), blue: UInt8(b * 17))
                    let lab = LabColor(c)
                    guard lab.l >= 25, lab.l <= 70, lab.chroma >= 30 else { continue }
                    candidates.append((c, lab))
                }
            }
        }
        // Each candidate's smallest difference to the chosen colours, updated per pick.
        var nearest = candidates.map { c in chosen.map { LabColor($0).difference(to: c.lab) }.min() ?? .infinity }
        while chosen.count < count, !candidates.isEmpty {
            var best = 0
            for i in candidates.indices where nearest[i] > nearest[best] { best = i }
            let pick = candidates[best]
            chosen.append(pick.color)
            for i in candidates.indices { nearest[i] = min(nearest[i], pick.lab.difference(to: candidates[i].lab)) }
        }
        return chosen
    }
}
