import Foundation
import StrokeIO
import StrokeTestSupport
import XCTest

@testable import StrokeLab

/// Issue 24 item 3 (its findings' item 5): `kill -9` of `report` left gnuplot's temporaries
/// (`$TMPDIR/strokelab-figure-<pid>-….png|svg`, FigureRenderer) outside `--out`, never
/// collected. Temporaries now live only in the output set's staging folder (removed with it
/// by the next run) or have no name at all (gnuplot writes to an anonymous file).
final class TemporaryFileTests: XCTestCase {
    /// Reports killed with SIGKILL at random moments of drawing their figures (gnuplot
    /// running, figures half written) leave nothing in their `$TMPDIR`. (About 5 s: a report
    /// has to measure before it draws; two short strokes keep that brief.)
    func testAReportKilledWhileDrawingLeavesNothingInTmpdir() throws {
        let dir = try makeTemporaryDirectory("killed-report")
        let tmp = dir + "/tmp"
        try FileManager.default.createDirectory(atPath: tmp, withIntermediateDirectories: true)
        try NativeTraceWriter.write(SyntheticTraceGenerator.generate(SyntheticTraceSpec(name: "tiny", shapes: [.line, .circleFast], seed: 3)),
                                    to: dir + "/tiny.json")
        let spec = dir + "/small.yaml"
        try """
            datasets: [{name: synthetic, paths: ["\(dir)/tiny.json"]}]
            pipelines: [linear, bezier4]
            bootstrap: 20
            """.write(toFile: spec, atomically: true, encoding: .utf8)
        let out = dir + "/out"
        let arguments = ["report", "--spec", spec, "--out", out, "--render-repetitions", "1", "--throughput-runs", "1"]
        var rng = SystemRandomNumberGenerator()
        var killedWhileDrawing = 0
        for trial in 0..<3 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: TestPaths.strokelab)
            process.arguments = arguments
            process.currentDirectoryURL = URL(fileURLWithPath: TestPaths.packageRoot)
            process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": tmp]) { $1 }
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = FileHandle.nullDevice
            try process.run()
            // The figures are drawn once the experiment has run ("… measurements in … s").
            var seen = ""
            while !seen.contains("measurements in") {
                let chunk = pipe.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                seen += String(decoding: chunk, as: UTF8.self)
            }
            usleep(UInt32.random(in: 50_000...(trial == 0 ? 100_000 : 800_000), using: &rng))
            // Only a child that still runs is killed (never a reaped pid).
            if process.isRunning, process.processIdentifier > 0 {
                kill(process.processIdentifier, SIGKILL)
                killedWhileDrawing += 1
            }
            process.waitUntilExit()
            // gnuplot processes the killed report started end when their input closes.
            for _ in 0..<100 where !(try FileManager.default.contentsOfDirectory(atPath: tmp)).isEmpty { usleep(20_000) }
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: tmp), [], "trial \(trial): left in $TMPDIR")
        }
        XCTAssertGreaterThan(killedWhileDrawing, 0, "no report was killed while drawing")
    }
}
