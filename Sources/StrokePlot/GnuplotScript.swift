/// The gnuplot program that draws a ``Figure``: command lines interleaved with binary data
/// blocks, in the order gnuplot reads them.
///
/// Series data travels as binary records (`plot '-' binary format='%double…' record=(n)`),
/// never as text, so values keep every bit and no number formatting is involved. Text is
/// sent in single-quoted gnuplot strings with the terminal in `noenhanced` mode, so labels
/// such as `bending_energy` or `predict:kalman(horizon=16)` appear exactly as written.
public struct GnuplotScript: Hashable, Sendable {
    /// One step of the program.
    public enum Step: Hashable, Sendable {
        /// A command line.
        case command(String)
        /// A binary block of records, `columns` doubles each, row-major.
        case data(values: [Double], columns: Int)
    }

    /// The steps in order.
    public var steps: [Step]

    /// The commands alone, joined by newlines (for logs and tests).
    public var commandText: String {
        steps.compactMap { if case .command(let c) = $0 { return c } else { return nil } }.joined(separator: "\n")
    }

    /// Builds the program drawing `figure` into `outputPath` in `format` (`nil`: gnuplot's
    /// standard output, which ``GnuplotSession/output`` captures).
    ///
    /// `binaryFormat(rows, columns)` returns the `format=… record=(rows)` clause (from
    /// ``GnuplotSession/binaryFormat(rows:columns:)``, i.e. gnuplot-iostream's `binfmt`).
    /// Throws ``PlotError/Kind-swift.enum/invalidInput`` when the figure has nothing to draw
    /// or a nonsensical size.
    public init(figure: Figure, format: OutputFormat, outputPath: String?,
                binaryFormat: (Int, Int) -> String) throws(PlotError) {
        guard figure.width >= 50, figure.height >= 50, figure.width <= 20_000, figure.height <= 20_000 else {
            throw PlotError(.invalidInput, "figure size \(figure.width)×\(figure.height) px is outside 50…20000")
        }
        let drawn = figure.panels.isEmpty ? [figure] : figure.panels
        guard drawn.contains(where: { $0.series.contains(where: { !$0.points.isEmpty }) }) else {
            throw PlotError(.invalidInput, "figure '\(figure.title ?? "untitled")' has no data to plot")
        }
        var steps: [Step] = []
        func cmd(_ s: String) { steps.append(.command(s)) }

        // gnuplot's cairo terminals draw an n-point font n × 4/3 pixels tall, its SVG terminal n
        // pixels: SVG text is scaled to match, so both formats share one layout.
        let fontScale = format == .svg ? 4.0 / 3 : 1
        let baseFont = figure.fontSize * fontScale
        let font = GnuplotScript.number((baseFont * 100).rounded() / 100)
        cmd("set encoding utf8")
        switch format {
        case .png:
            cmd("set terminal pngcairo size \(figure.width),\(figure.height) noenhanced font 'DejaVu Sans,\(font)' background '#ffffff' linewidth 1")
        case .svg:
            cmd("set terminal svg size \(figure.width),\(figure.height) fixed noenhanced font 'DejaVu Sans,\(font)' background '#ffffff' linewidth 1")
        case .pdf:
            // One pixel becomes one point (1/72 in), so text, lines and layout keep the PNG's
            // proportions; pdfcairo's default font and line scales (0.5) are undone.
            let w = GnuplotScript.number(Double(figure.width) / 72), h = GnuplotScript.number(Double(figure.height) / 72)
            cmd("set terminal pdfcairo size \(w)in,\(h)in noenhanced font 'DejaVu Sans,\(font)' fontscale 1 background '#ffffff' linewidth 2")
        }
        if let outputPath { cmd("set output \(GnuplotScript.quoted(outputPath))") }
        if figure.panels.isEmpty {
            if let title = figure.title {
                cmd("set title \(GnuplotScript.quoted(title)) font ',\(GnuplotScript.number(((figure.fontSize + 2) * fontScale * 100).rounded() / 100))'")
            }
            steps += GnuplotScript.plotSteps(figure, width: figure.width, fontSize: baseFont, binaryFormat: binaryFormat)
        } else {
            let columns = max(1, figure.panelColumns)
            let rows = (figure.panels.count + columns - 1) / columns
            let title = figure.title.map { " title \(GnuplotScript.quoted($0)) font ',\(GnuplotScript.number(((figure.fontSize + 2) * fontScale * 100).rounded() / 100))'" } ?? ""
            cmd("set multiplot layout \(rows),\(columns)\(title)")
            for panel in figure.panels {
                // Settings a previous panel made must not leak into the next.
                for c in ["unset label", "unset arrow", "unset logscale", "unset title", "unset xlabel", "unset ylabel",
                          "unset y2label", "unset y2tics", "set xtics norotate autofreq", "set ytics norotate mirror autofreq",
                          "set bmargin", "unset colorbox"] { cmd(c) }
                if let t = panel.title {
                    cmd("set title \(GnuplotScript.quoted(t)) font ',\(GnuplotScript.number(((figure.fontSize + 1) * fontScale * 100).rounded() / 100))'")
                }
                steps += GnuplotScript.plotSteps(panel, width: figure.width / columns, fontSize: baseFont,
                                                 binaryFormat: binaryFormat)
            }
            cmd("unset multiplot")
        }
        if outputPath != nil { cmd("unset output") }
        self.steps = steps
    }

    /// The commands and data blocks drawing one plot: axes, grid, key, reference lines,
    /// notes, colour scale, then the `plot` command followed by its data. `width` and
    /// `fontSize` size the margin of a key below the plot.
    static func plotSteps(_ figure: Figure, width: Int, fontSize: Double, binaryFormat: (Int, Int) -> String) -> [Step] {
        var steps: [Step] = []
        func cmd(_ s: String) { steps.append(.command(s)) }
        axisCommands(figure.x, name: "x", into: &steps)
        if let m = figure.margins {
            // Fixed margins: the plot area is where FigureGeometry says (annotations rely on it).
            let w = Double(figure.width), h = Double(figure.height)
            cmd("set lmargin at screen \(number(m.left / w))")
            cmd("set rmargin at screen \(number(1 - m.right / w))")
            cmd("set tmargin at screen \(number(1 - m.top / h))")
            cmd("set bmargin at screen \(number(m.bottom / h))")
        } else if figure.legend.position == .below {
            // gnuplot 5.4 under-reserves room for a key below the plot and draws it over the
            // x label, more so with more rows. An explicit bottom margin (in character
            // heights: tics and label, then one line per entry, as one column) avoids it.
            // gnuplot lays the entries out in as many columns as fit the width; estimate
            // them from the longest label (≈ 0.8 font sizes per character plus the sample
            // line), so the margin holds that many rows, not one row per entry.
            let titles = figure.series.compactMap(\.title)
            let longest = titles.map(\.count).max() ?? 1
            let columnWidth = Double(longest + 8) * fontSize * 0.8
            let columns = max(1, min(titles.count, Int(Double(width) / columnWidth)))
            let rows = (titles.count + columns - 1) / columns
            cmd("set bmargin \(5 + rows + (figure.x.ticRotation != 0 ? 3 : 0))")
        }
        axisCommands(figure.y, name: "y", into: &steps)
        if let y2 = figure.y2 {
            axisCommands(y2, name: "y2", into: &steps)
            cmd("set ytics nomirror")
            if y2.tics == nil { cmd("set y2tics") }
        }
        if figure.grid {
            cmd("set grid xtics ytics lc rgb '#d9d9d9' lw 1 dt 1")
        }
        cmd("set border lw 1")
        cmd(keyCommand(figure.legend))
        // A reference line outside both the data and the axis range would be drawn outside
        // the plot (over the x label), so it is left out.
        let ys = figure.series.flatMap { $0.points.flatMap { [$0.y, $0.yLow, $0.yHigh] } }.filter(\.isFinite)
        let low = min(figure.y.minimum ?? .infinity, ys.min() ?? .infinity)
        let high = max(figure.y.maximum ?? -.infinity, ys.max() ?? -.infinity)
        for y in figure.referenceLines where y.isFinite && y >= low && y <= high {
            cmd("set arrow from graph 0, first \(number(y)) to graph 1, first \(number(y)) nohead dt 2 lw 1.5 lc rgb '#808080' back")
        }
        for note in figure.notes where note.x.isFinite && note.y.isFinite {
            cmd("set label \(quoted(note.text)) at first \(number(note.x)), first \(number(note.y)) tc rgb '#404040'")
        }
        steps += annotationSteps(figure, fontScale: fontSize / figure.fontSize)

        if let scale = figure.colorScale {
            let stops = scale.stops.enumerated().map { "\($0.offset) '\($0.element.hexString)'" }.joined(separator: ", ")
            cmd("set palette defined (\(stops))")
            let range = scale.range
            let lo = range.minimum.flatMap { $0.isFinite ? number($0) : nil } ?? "*"
            let hi = range.maximum.flatMap { $0.isFinite ? number($0) : nil } ?? "*"
            cmd("set cbrange [\(lo):\(hi)]")
            if scale.logScale { cmd("set logscale cb 10") }
            cmd("set cblabel \(quoted(scale.label))")
            cmd("set colorbox vertical default")
        }
        // Colours: explicit ones stay, the rest take palette colours in series order.
        var paletteIndex = 0
        var colors: [PlotColor] = []
        for s in figure.series {
            if let c = s.color { colors.append(c) } else { colors.append(PlotColor.palette(paletteIndex)); paletteIndex += 1 }
        }

        var elements: [String] = []
        var blocks: [Step] = []
        for (i, s) in figure.series.enumerated() {
            let color = "lc rgb '\(colors[i].hexString)'"
            let axes = s.usesSecondaryYAxis ? " axes x1y2" : ""
            let title = s.title.map { " title \(quoted($0))" } ?? " notitle"
            let lw = "lw \(number(s.lineWidth))"
            let dash = s.dashed ? " dt 2" : " dt 1"
            let marker = "pt \((s.marker ?? .circle).rawValue) ps \(number(s.markerSize))"
            if s.points.isEmpty {
                // Keeps the legend entry without data (gnuplot skips an undefined function).
                elements.append("NaN with \(keyStyle(s.style)) \(lw)\(dash) \(marker) \(color)\(title)")
                continue
            }
            func source(_ columns: Int, _ row: (DataPoint) -> [Double]) -> String {
                var values: [Double] = []
                values.reserveCapacity(s.points.count * columns)
                for p in s.points { values.append(contentsOf: row(p).map { $0.isFinite ? $0 : .nan }) }
                blocks.append(.data(values: values, columns: columns))
                return "'-' binary" + binaryFormat(s.points.count, columns)
            }
            switch s.style {
            case .lines:
                elements.append("\(source(2) { [$0.x, $0.y] }) using 1:2\(axes) with lines \(lw)\(dash) \(color)\(title)")
            case .points:
                elements.append("\(source(2) { [$0.x, $0.y] }) using 1:2\(axes) with points \(marker) \(color)\(title)")
            case .linesPoints:
                elements.append("\(source(2) { [$0.x, $0.y] }) using 1:2\(axes) with linespoints \(lw)\(dash) \(marker) \(color)\(title)")
            case .yErrorBars:
                elements.append("\(source(4) { [$0.x, $0.y, $0.yLow, $0.yHigh] }) using 1:2:3:4\(axes) with yerrorbars \(lw) \(marker) \(color)\(title)")
            case .yErrorLines:
                elements.append("\(source(4) { [$0.x, $0.y, $0.yLow, $0.yHigh] }) using 1:2:3:4\(axes) with yerrorlines \(lw)\(dash) \(marker) \(color)\(title)")
            case .xyErrorBars:
                elements.append("\(source(6) { [$0.x, $0.y, $0.xLow, $0.xHigh, $0.yLow, $0.yHigh] }) using 1:2:3:4:5:6\(axes) with xyerrorbars \(lw) \(marker) \(color)\(title)")
            case .band:
                elements.append("\(source(3) { [$0.x, $0.yLow, $0.yHigh] }) using 1:2:3\(axes) with filledcurves fs transparent solid 0.22 noborder \(color)\(title)")
            case .bars(let width):
                let w = width > 0 && width.isFinite ? width : 0.8
                let hasIntervals = s.points.contains { $0.yLow != $0.y || $0.yHigh != $0.y }
                if hasIntervals {
                    elements.append("\(source(5) { [$0.x, $0.y, $0.yLow, $0.yHigh, w] }) using 1:2:3:4:5\(axes) with boxerrorbars fs solid 0.55 border \(color) \(lw) \(color)\(title)")
                } else {
                    elements.append("\(source(3) { [$0.x, $0.y, w] }) using 1:2:3\(axes) with boxes fs solid 0.55 border \(color) \(lw) \(color)\(title)")
                }
            case .horizontalBars(let height):
                let h = height > 0 && height.isFinite ? height : 0.8
                elements.append("\(source(6) { [$0.x, $0.y, 0, $0.x, $0.y - h / 2, $0.y + h / 2] }) using 1:2:3:4:5:6\(axes) with boxxyerror fs solid 0.55 border \(color) \(lw) \(color)\(title)")
                if s.points.contains(where: { $0.xLow != $0.x || $0.xHigh != $0.x }) {
                    elements.append("\(source(4) { [$0.x, $0.y, $0.xLow, $0.xHigh] }) using 1:2:3:4\(axes) with xerrorbars lw 1.5 pt 0 lc rgb '#000000' notitle")
                }
            case .colorMappedPoints:
                elements.append("\(source(3) { [$0.x, $0.y, $0.colorValue] }) using 1:2:3\(axes) with points \(marker) lc palette\(title)")
                let yCoordinate = s.usesSecondaryYAxis ? "second" : "first"
                for p in s.points where p.x.isFinite && p.y.isFinite {
                    guard let text = p.label, !text.isEmpty else { continue }
                    cmd("set label \(quoted(text)) at first \(number(p.x)), \(yCoordinate) \(number(p.y)) offset 0.9,0.7 font ',\(number(max(fontSize - 1, 6)))' tc rgb '#303030' front")
                }
            case .labelledPoints:
                elements.append("\(source(2) { [$0.x, $0.y] }) using 1:2\(axes) with points \(marker) \(color)\(title)")
                let yCoordinate = s.usesSecondaryYAxis ? "second" : "first"
                for p in s.points where p.x.isFinite && p.y.isFinite {
                    guard let text = p.label, !text.isEmpty else { continue }
                    cmd("set label \(quoted(text)) at first \(number(p.x)), \(yCoordinate) \(number(p.y)) offset 0.8,0.6 font ',\(number(max(fontSize - 1, 6)))' tc rgb '\(colors[i].hexString)' front")
                }
            }
        }
        cmd("plot " + elements.joined(separator: ", \\\n     "))
        steps.append(contentsOf: blocks)
        return steps
    }

    /// The commands drawing `figure`'s annotations at their pixel positions (screen
    /// coordinates): each line a label vertically centred in its share of the box, each leader
    /// a thin line beneath the text. `fontScale` converts the annotations' point sizes for the
    /// output format.
    static func annotationSteps(_ figure: Figure, fontScale: Double) -> [Step] {
        guard figure.margins != nil else { return [] }
        let w = Double(figure.width), h = Double(figure.height)
        func sx(_ x: Double) -> String { number((x / w * 1e6).rounded() / 1e6) }
        func sy(_ y: Double) -> String { number(((1 - y / h) * 1e6).rounded() / 1e6) }
        var steps: [Step] = []
        for a in figure.annotations {
            if let l = a.leader {
                steps.append(.command("set arrow from screen \(sx(l.fromX)), screen \(sy(l.fromY)) to screen \(sx(l.toX)), screen \(sy(l.toY)) nohead lw 0.8 lc rgb '#8c8c8c' front"))
            }
            let lineHeight = (a.box.maxY - a.box.minY) / Double(max(a.lines.count, 1))
            let font = "'\(a.bold ? "DejaVu Sans:Bold" : "DejaVu Sans"),\(number((a.fontSize * fontScale * 100).rounded() / 100))'"
            for (k, line) in a.lines.enumerated() {
                let y = a.box.minY + (Double(k) + 0.5) * lineHeight
                steps.append(.command("set label \(quoted(line)) at screen \(sx(a.box.minX)), screen \(sy(y)) left font \(font) tc rgb '\(a.color.hexString)' front"))
            }
        }
        return steps
    }

    /// The style word for a legend-only (empty) series.
    static func keyStyle(_ style: Series.Style) -> String {
        switch style {
        case .lines, .band: return "lines"
        case .points, .labelledPoints, .colorMappedPoints, .yErrorBars, .xyErrorBars: return "points"
        case .linesPoints, .yErrorLines: return "linespoints"
        case .bars, .horizontalBars: return "boxes"
        }
    }

    static func axisCommands(_ axis: Axis, name: String, into steps: inout [Step]) {
        if let label = axis.label { steps.append(.command("set \(name)label \(quoted(label))")) }
        let lo = axis.minimum.flatMap { $0.isFinite ? number($0) : nil } ?? "*"
        let hi = axis.maximum.flatMap { $0.isFinite ? number($0) : nil } ?? "*"
        steps.append(.command("set \(name)range [\(lo):\(hi)]"))
        if axis.logScale { steps.append(.command("set logscale \(name) 10")) }
        var tics = ""
        if let named = axis.tics {
            tics = " (" + named.filter { $0.position.isFinite }.map { "\(quoted($0.label)) \(number($0.position))" }.joined(separator: ", ") + ")"
        }
        let rotate = axis.ticRotation != 0 ? " rotate by \(number(axis.ticRotation)) right" : ""
        if !tics.isEmpty || !rotate.isEmpty {
            steps.append(.command("set \(name)tics\(rotate)\(tics)"))
        }
    }

    static func keyCommand(_ legend: Legend) -> String {
        // Left reverse: marker first, then left-aligned text, which reads best for long labels.
        let box = (legend.boxed ? " box lw 1 lc rgb '#999999' opaque" : " nobox") + " Left reverse samplen 2.5 spacing 1.1"
        switch legend.position {
        case .hidden: return "unset key"
        case .topRight: return "set key inside top right" + box
        case .topLeft: return "set key inside top left" + box
        case .bottomRight: return "set key inside bottom right" + box
        case .bottomLeft: return "set key inside bottom left" + box
        case .outsideRight: return "set key outside right top vertical" + box
        // Outside the plot nothing needs hiding, and gnuplot 5.4's opaque fill of a key
        // below the plot would cover the x label.
        case .below:
            return "set key outside below center horizontal"
                + (legend.boxed ? " box lw 1 lc rgb '#999999'" : " nobox") + " Left reverse samplen 2.5"
        }
    }

    /// A gnuplot single-quoted string: no escapes are processed inside, a quote is doubled;
    /// control characters (newlines) become spaces so one command stays one line.
    public static func quoted(_ text: String) -> String {
        var out = "'"
        for ch in text.unicodeScalars {
            if ch == "'" { out += "''" }
            else if ch.value < 0x20 || ch.value == 0x7f { out += " " }
            else { out.unicodeScalars.append(ch) }
        }
        return out + "'"
    }

    /// A number as gnuplot reads it (Swift's shortest round-trip form; `1e-05` is valid).
    static func number(_ x: Double) -> String {
        if x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
        return "\(x)"
    }
}
