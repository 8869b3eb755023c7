import ArgumentParser
import Foundation
import StrokeCore
import StrokeIO
import StrokeLab
import StrokePlot
import StrokeLab
import StrokeRaster

struct PlotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plot",
        abstract: "Draw one report figure with gnuplot (PNG, SVG or PDF) from result tables.",
        discussion: """
            Figures and their input:
              trade-off         jaggedness vs lag per pipeline, 95% CI   --results DIR|summary.csv|results.csv
              fidelity          fidelity per pipeline per dataset        --results …  (--metric, default fidelity.mean)
              prediction-error  prediction error vs horizon              --results …
              throughput        samples per second per pipeline          --results …
              lag-over-time     lag at each frame of one stroke          --results lag_frames.csv [--stroke ID]
              render-cost       render cost per frame vs stroke length   --results render_cost.csv, or measured now
              speed-curvature   speed and curvature along one stroke     --trace PATH [--stroke ID]
            A results directory is read through summary.csv (preferred) or results.csv. \
            From results.csv alone, the summary is computed as strokelab run computes it (seeded bootstrap).
            gnuplot comes from $STROKELAB_GNUPLOT or PATH (Debian: gnuplot-nox).
            """)

    enum FigureName: String, CaseIterable, ExpressibleByArgument {
        case tradeOff = "trade-off", fidelity, predictionError = "prediction-error", throughput
        case lagOverTime = "lag-over-time", renderCost = "render-cost", speedCurvature = "speed-curvature"
    }

    @Option(name: .long, help: "Figure: \(FigureName.allCases.map(\.rawValue).joined(separator: ", ")).")
    var figure: FigureName

    @Option(name: .long, help: "Results directory or CSV table (summary.csv, results.csv, lag_frames.csv, render_cost.csv).")
    var results: String?

    @Option(name: .long, help: "Trace file for speed-curvature: native JSON or any importable format.")
    var trace: String?

    @Option(name: .long, help: "Stroke id (lag-over-time, speed-curvature; default: the first).")
    var stroke: String?

    @Option(name: .long, help: "Only these datasets (repeatable; default: all).")
    var dataset: [String] = []

    @Option(name: .long, help: "Metric id for fidelity (default fidelity.mean) or trade-off's jaggedness (default jaggedness.bending_energy_ratio).")
    var metric: String?

    @Option(name: .long, help: "render-cost when measured now: timed repetitions.")
    var repetitions: Int = 5

    @Option(name: .long, help: "Output file: .png, .svg or .pdf.")
    var out: String

    func run() throws {
        let made = try Self.figureFor(self)
        do { try FigureRenderer.render(made, to: out) } catch { throw CommandFailure(error.description) }
        print("wrote \(out)")
    }

    static func figureFor(_ c: PlotCommand) throws -> Figure {
        let only = c.dataset.isEmpty ? nil : c.dataset
        func noData(_ what: String) -> CommandFailure {
            CommandFailure("\(c.results ?? c.trace ?? "input"): no \(what) to plot\(only.map { " for dataset(s) \($0.joined(separator: ", "))" } ?? "")")
        }
        switch c.figure {
        case .tradeOff:
            let table = try summary(c.results)
            let jag = c.metric ?? "jaggedness.bending_energy_ratio"
            let points = table.tradeOffPoints(jaggednessMetric: jag, datasets: only)
            guard !points.isEmpty else { throw noData("rows with both lag.mean_ms and \(jag)") }
            return jag == "jaggedness.bending_energy_ratio"
                ? ReportFigures.tradeOff(points)
                : ReportFigures.tradeOff(points, jaggednessLabel: "\(jag) (\(table.unit(of: jag)))", isRatio: jag.hasSuffix("_ratio"))
        case .fidelity:
            let table = try summary(c.results)
            let m = c.metric ?? "fidelity.mean"
            let entries = table.fidelityEntries(metric: m, datasets: only)
            guard !entries.isEmpty else { throw noData("\(m) rows") }
            let what = ["fidelity.mean": "mean distance to reference", "fidelity.max": "max distance to reference",
                        "fidelity.hausdorff": "Hausdorff distance", "fidelity.frechet": "discrete Fréchet distance"][m] ?? m
            return ReportFigures.fidelity(entries, metricLabel: what, unit: table.unit(of: m))
        case .predictionError:
            let table = try summary(c.results)
            // One dataset unless asked otherwise: a curve per pipeline and dataset is unreadable.
            let withPrediction = table.datasets.filter { d in
                table.rows.contains { $0.dataset == d && $0.metric.hasPrefix("prediction.error_mean@") }
            }
            let chosen = only ?? withPrediction.first.map { [$0] }
            let curves = table.predictionErrorCurves(datasets: chosen)
            guard !curves.isEmpty else { throw noData("prediction.error_mean@…ms rows") }
            let title = "Prediction error vs horizon (95% CI)" + (chosen?.count == 1 ? ", dataset \(chosen![0])" : "")
            return ReportFigures.predictionError(curves, title: title,
                                                 unit: table.rows.first { $0.metric.hasPrefix("prediction.error_mean@") }?.unit ?? "")
        case .throughput:
            let table = try summary(c.results)
            let entries = table.throughputEntries()
            guard !entries.isEmpty else { throw noData("throughput.samples_per_s rows") }
            return ReportFigures.throughput(entries)
        case .lagOverTime:
            guard let path = c.results else { throw CommandFailure("lag-over-time needs --results lag_frames.csv") }
            let file = isDirectory(path) ? path + "/lag_frames.csv" : path
            let table: LagFramesTable
            do { table = try LagFramesTable(path: file) } catch { throw CommandFailure(error.description) }
            guard let id = c.stroke ?? table.strokes.first else { throw noData("frames") }
            let series = table.series(stroke: id)
            guard !series.isEmpty else { throw CommandFailure("\(file): no frames for stroke '\(id)'") }
            return ReportFigures.lagOverTime(series, stroke: id)
        case .renderCost:
            if let path = c.results {
                let file = isDirectory(path) ? path + "/render_cost.csv" : path
                let table: RenderCostTable
                do { table = try RenderCostTable(path: file) } catch { throw CommandFailure(error.description) }
                return ReportFigures.renderCost(table.curves)
            }
            let workload = RenderWorkload.spiral()
            var options = RenderCostOptions()
            options.repetitions = max(1, c.repetitions)
            let measured: [RenderCostResult]
            do { measured = try RenderCostMeasurement.measure(InkRasters.renderCostReplays(workload), options: options) } catch { throw CommandFailure(error.description) }
            let curves = measured.map(RenderCostBridge.curve)
            let table = RenderCostTable(curves: curves, strokeIndices: measured.map(\.strokeIndex))
            let csv = (c.out as NSString).deletingPathExtension + ".csv"
            do { try table.write(to: csv) } catch { throw CommandFailure(error.description) }
            print("wrote \(csv)")
            for r in measured {
                print("\(r.strategy.label): median \(fmt(r.medianCost(overFrames: 0..<0.1))) ms/frame over the first 10% of frames, \(fmt(r.medianCost(overFrames: 0.9..<1))) ms over the last 10%")
            }
            return ReportFigures.renderCost(curves, title: "Render cost per frame: \(workload.summary), median of \(options.repetitions) runs")
        case .speedCurvature:
            guard let path = c.trace else { throw CommandFailure("speed-curvature needs --trace PATH") }
            let t: Trace
            do {
                guard let first = try TraceImport.load(path: path).first else { throw CommandFailure("\(path): no trace") }
                t = first
            } catch let e as TraceFileError { throw CommandFailure(e.description) }
            guard let s = c.stroke.map({ id in t.strokes.first { $0.id == id } }) ?? t.strokes.first else {
                throw CommandFailure("\(path): no stroke '\(c.stroke ?? "")'")
            }
            let reference = s.reference.map { StrokeProfile(points: $0.points) }
            let profile = StrokeProfile(samplesOf: s)
            guard profile.speed.filter(\.isFinite).count >= 2, profile.arcLength.last.map({ $0 > 0 }) ?? false else {
                throw CommandFailure("\(path): stroke '\(s.id)' has too few moving samples for a speed and curvature profile (\(s.sampleCount) samples)")
            }
            return ReportFigures.speedAndCurvature(profile, reference: reference, stroke: s.id,
                                                   unit: t.metadata.units.rawValue)
        }
    }

    static func fmt(_ x: Double) -> String { String(format: "%.3f", x) }

    static func isDirectory(_ path: String) -> Bool {
        var isDir: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && isDir.boolValue
    }

    /// The summary of a results directory or CSV file (summary.csv preferred).
    static func summary(_ path: String?) throws -> SummaryTable {
        guard let path else { throw CommandFailure("this figure needs --results DIR or a summary.csv/results.csv file") }
        var file = path
        if isDirectory(path) {
            if FileManager.default.fileExists(atPath: path + "/summary.csv") { file = path + "/summary.csv" }
            else if FileManager.default.fileExists(atPath: path + "/results.csv") { file = path + "/results.csv" }
            else { throw CommandFailure("\(path): neither summary.csv nor results.csv is there") }
        }
        do {
            let text = String(decoding: try AtomicFile.read(file), as: UTF8.self)
            let firstLine = text.prefix { $0 != "\n" && $0 != "\r" }
            if firstLine == ResultsTable.columns.joined(separator: ",") {
                let results = try ResultsTable(parsing: text, file: file)
                return SummaryTable(rows: ResultStatistics.summary(results.rows, settings: StatisticsSettings()))
            }
            return try SummaryTable(parsing: text, file: file)
        } catch let e as PlotError {
            throw CommandFailure(e.description)
        } catch {
            throw CommandFailure("\(error)")
        }
    }
}

/// Converts StrokeRaster's measurement into StrokePlot's figure data.
enum RenderCostBridge {
    static func curve(_ r: RenderCostResult) -> RenderCostCurve {
        RenderCostCurve(strategy: r.strategy.label, strokeLength: r.elementsOnCanvas.map(Double.init),
                        medianMilliseconds: r.medianMilliseconds, lowerMilliseconds: r.lowerQuartileMilliseconds,
                        upperMilliseconds: r.upperQuartileMilliseconds)
    }
}
