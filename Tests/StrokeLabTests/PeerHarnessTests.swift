import Foundation
import StrokeCore
import StrokeIO
import StrokeTestSupport
import XCTest

/// The peer benchmark harness (`scripts/peers/`) where it can be tested without the peers:
/// the converter of the shared circle into a native trace, the frame grouping the harness
/// uses for the peers' app-like rows, and the "peer missing → recorded figures" and
/// "StrokeLab stage missing → not available" paths of `scripts/peers/run`. Nothing here is
/// timed; the harness needs Python 3 and the shared oracles, and these tests skip without them.
final class PeerHarnessTests: XCTestCase {
    private var scripts: String { TestPaths.packageRoot + "/scripts/peers" }
    private var sharedInput: String { PeerOracles.directory.appendingPathComponent("input_circle240.json").path }

    private func requirePythonAndInput() throws {
        guard (try? runTool("/usr/bin/env", ["python3", "--version"]))?.status == 0 else {
            throw MissingRequirement.error("python3 not found: the peer harness scripts need it")
        }
        _ = try PeerOracles.url("input_circle240.json")
    }

    func testCircleTraceIsANativeTraceWithEveryInputSampleExactlyAndRunAcceptsIt() throws {
        try requirePythonAndInput()
        let dir = try makeTemporaryDirectory("peers-trace")
        let trace = dir + "/circle240.json"
        let convert = try runTool(scripts + "/circle-trace", ["--out", trace])
        XCTAssertEqual(convert.status, 0, convert.stderr)

        let read = try NativeTraceReader.read(path: trace)
        XCTAssertEqual(read.strokes.count, 1)
        XCTAssertEqual(read.metadata.sampleRateHz, 240)
        XCTAssertEqual(read.metadata.refreshRateHz, 60)
        let samples = read.strokes[0].samples
        let input = try PeerOracles.circle()  // read exactly, as the harness must reproduce it
        XCTAssertEqual(samples.count, input.t.count)
        for (i, s) in samples.enumerated() {
            XCTAssertEqual(s.time, input.t[i], "t[\(i)]")
            XCTAssertEqual(s.location.x, input.x[i], "x[\(i)]")
            XCTAssertEqual(s.location.y, input.y[i], "y[\(i)]")
            XCTAssertEqual(s.force, input.pressure[i], "pressure[\(i)]")
            XCTAssertEqual(s.maximumPossibleForce, 1)
            if s.time != input.t[i] { break }
        }

        let result = try runStrokeLab(["run", "--trace", trace, "--pipeline", "linear", "--pipeline", "coalesced-only",
                                       "--out", dir + "/run"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let csv = try String(contentsOfFile: dir + "/run/results.csv", encoding: .utf8)
        XCTAssertTrue(csv.contains(",circle240,coalesced-only,path.length,"), csv.prefix(400).description)
    }

    /// `scripts/peers/external` writes the circle in the unit a peer's parameters are stated
    /// in: `--units px` records CSS pixels (the default stays StrokeLab points), the samples
    /// unchanged.
    func testCircleTraceWritesTheUnitsAskedFor() throws {
        try requirePythonAndInput()
        let dir = try makeTemporaryDirectory("peers-units")
        for (option, want) in [([String](), LengthUnit.pt), (["--units", "px"], .px)] {
            let trace = dir + "/circle-\(want).json"
            let convert = try runTool(scripts + "/circle-trace", option + ["--out", trace])
            XCTAssertEqual(convert.status, 0, convert.stderr)
            let read = try NativeTraceReader.read(path: trace)
            XCTAssertEqual(read.metadata.units, want)
            XCTAssertEqual(read.strokes[0].samples.count, try PeerOracles.circle().t.count)
        }
        let refused = try runTool(scripts + "/circle-trace", ["--units", "mm", "--out", dir + "/mm.json"])
        XCTAssertNotEqual(refused.status, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/mm.json"))
    }

    /// The external rows' verdict (`scripts/peers/external`'s `comparison`): equal replays are
    /// `exact`; a different count committed by an event, an element off by more than 1e-9, or
    /// a different number of outline points is `DIFFERENT`, naming it; ink's predictions may
    /// differ within ink's own test tolerance (1e-4), and the verdict says by how much.
    func testExternalHarnessComparesCountsElementsAndItemsWithinTheirTolerance() throws {
        try requirePythonAndInput()
        let script = """
            import copy, importlib.machinery, importlib.util, json, sys
            loader = importlib.machinery.SourceFileLoader("peers_external", sys.argv[1])
            spec = importlib.util.spec_from_loader("peers_external", loader)
            m = importlib.util.module_from_spec(spec)
            loader.exec_module(m)
            peers = {p["name"]: p for p in m.PEERS}
            mine = {"strokes": [{"committed": {"elements": [["move", 1, 2], ["line", 3, 4]], "ink": [[1, 1, "000000", "normal"]] * 2},
                                 "frames": [{"committed": 1, "predicted": [[0.1, 5, 6]]}, {"committed": 2}],
                                 "outline": [[0, 0], [1, 0], [1, 1]]}]}
            def changed(edit):
                r = copy.deepcopy(mine)
                edit(r["strokes"][0])
                return m.comparison(mine, r, peers[sys.argv[2]])[0]
            out = [m.comparison(mine, copy.deepcopy(mine), peers["ink"])[0],
                   changed(lambda s: s["frames"][0].update(committed=0)),
                   changed(lambda s: s["committed"]["elements"][1].__setitem__(1, 3 + 1e-6)),
                   changed(lambda s: s["frames"][0]["predicted"][0].__setitem__(1, 5 + 1e-6)),
                   changed(lambda s: s["frames"][0]["predicted"][0].__setitem__(1, 5.01)),
                   changed(lambda s: s["outline"].pop())]
            print(json.dumps(out))
            """
        for (peer, want) in [("ink", ["exact", "DIFFERENT (the count committed by event 0)", "DIFFERENT (committed: max |Δ| 3.3e-07)",
                                      "equal (predicted max |Δ| 2.0e-07 ≤ 0.0001)", "DIFFERENT (predicted: max |Δ| 2.0e-03)", "exact"]),
                             ("perfect-freehand", ["exact", "DIFFERENT (the count committed by event 0)", "DIFFERENT (committed: max |Δ| 3.3e-07)",
                                                   "exact", "exact", "DIFFERENT (outline: 3 vs 2 items)"])] {
            let python = try runTool("/usr/bin/env", ["python3", "-c", script, scripts + "/external", peer])
            XCTAssertEqual(python.status, 0, python.stderr)
            let got = try JSONDecoder().decode([String].self, from: Data(python.stdout.utf8))
            XCTAssertEqual(got, want, peer)
        }
    }

    /// The harness times the peers' app-like rows (ink-stroke-modeler's Predict once per
    /// frame) on the frames StrokeLab itself groups flat samples into.
    func testHarnessFrameGroupingIsStrokeLabs() throws {
        try requirePythonAndInput()
        let dir = try makeTemporaryDirectory("peers-frames")
        let trace = dir + "/circle240.json"
        XCTAssertEqual(try runTool(scripts + "/circle-trace", ["--out", trace]).status, 0)
        let script = """
            import importlib.machinery, importlib.util, json, sys
            loader = importlib.machinery.SourceFileLoader("peers_run", sys.argv[1])
            spec = importlib.util.spec_from_loader("peers_run", loader)
            module = importlib.util.module_from_spec(spec)
            loader.exec_module(module)
            t = json.load(open(sys.argv[2]))["t"]
            print(",".join(str(i) for i, e in enumerate(module.frame_ends(t)) if e))
            """
        let python = try runTool("/usr/bin/env", ["python3", "-c", script, scripts + "/run", sharedInput])
        XCTAssertEqual(python.status, 0, python.stderr)
        let harnessEnds = python.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",").map { Int($0)! }

        let events = try NativeTraceReader.read(path: trace).strokes[0].events
        var strokeLabEnds: [Int] = []
        var index = -1
        for event in events {
            index += event.samples.count
            strokeLabEnds.append(index)
        }
        XCTAssertEqual(events.first?.samples.count, 1)
        XCTAssertEqual(harnessEnds, strokeLabEnds)
        XCTAssertEqual(harnessEnds.count, 501)
    }

    func testCircleTraceRejectsAMalformedInputInOneLineAndWritesNothing() throws {
        try requirePythonAndInput()
        let dir = try makeTemporaryDirectory("peers-bad")
        let cases = [
            ("truncated.json", #"{"t": [0, 0.1], "x": [1, 2"#, "not JSON"),
            ("short.json", #"{"t": [0, 0.1], "x": [1, 2], "y": [1], "pressure": [0.5, 0.5]}"#, "'y' has 1 values"),
            ("backwards.json", #"{"t": [0, 0.2, 0.1], "x": [1, 2, 3], "y": [1, 2, 3], "pressure": [1, 1, 1]}"#, "t[2]"),
            ("text.json", #"{"t": [0, "a"], "x": [1, 2], "y": [1, 2], "pressure": [1, 1]}"#, "t[1] is not a finite number"),
        ]
        for (name, text, problem) in cases {
            try text.write(toFile: dir + "/" + name, atomically: true, encoding: .utf8)
            let result = try runTool(scripts + "/circle-trace", ["--input", dir + "/" + name, "--out", dir + "/out/trace.json"])
            XCTAssertEqual(result.status, 2, name)
            let lines = result.stderr.split(separator: "\n")
            XCTAssertEqual(lines.count, 1, result.stderr)
            XCTAssertTrue(result.stderr.hasPrefix("circle-trace: \(dir)/\(name): "), result.stderr)
            XCTAssertTrue(result.stderr.contains(problem), "\(name): \(result.stderr)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/out/trace.json"), name)
        }
    }

    /// With no peer checkouts, every peer is reported from `scripts/peers/recorded.json`,
    /// marked "recorded", and never divided by a figure measured now (no ratio, the goal "not
    /// compared"); StrokeLab's figures come from its `bench --json` output, and a stage the
    /// build does not know (or output that is not the expected JSON) makes that row say so and
    /// the harness go on. A stand-in `strokelab` plays a build that knows two of the stages.
    func testMissingPeersShowRecordedFiguresAndUnknownStagesAreNotAvailable() throws {
        try requirePythonAndInput()
        let dir = try makeTemporaryDirectory("peers-missing")
        try FileManager.default.createDirectory(atPath: dir + "/empty-peers", withIntermediateDirectories: true)
        let fake = dir + "/strokelab"
        try """
            #!/bin/sh
            case "$*" in
              *"bench --stage filter:one-euro"*"--json"*)
                echo '{"label": "filter:one-euro", "canonical": "filter:one-euro", "inputs": 2000, "runs": 1, "ns_per_input": {"median": 4, "min": 3.5, "max": 4.5}}';;
              *"bench --stage filter:ink-modeler|predict:ink-kalman "*"--json"*)
                echo '{"label": "ink", "canonical": "ink", "inputs": 2000, "runs": 1, "ns_per_input": {"median": 50, "min": 49, "max": 51}}';;
              *"--stage interp:signature-pad"*) echo 'not json';;
              *) echo "strokelab: unknown stage in '$3'" >&2; exit 2;;
            esac
            """.write(toFile: fake, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake)

        let result = try runTool(scripts + "/run", ["--peers-src", dir + "/empty-peers", "--strokelab", fake,
                                                    "--work", dir + "/work", "--runs", "1"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let out = result.stdout
        let recorded = try JSONParser.parse([UInt8](Data(contentsOf: URL(fileURLWithPath: scripts + "/recorded.json"))))
        for peer in ["OneEuroFilter", "ink-stroke-modeler", "perfect-freehand", "signature_pad"] {
            XCTAssertNotNil(recorded["peers"]?[peer]?["rows"], "recorded.json has no figures for \(peer)")
            XCTAssertTrue(out.contains("\(peer): \(dir)/empty-peers/\(peer)"), "\(peer) not reported missing:\n\(out)")
            XCTAssertTrue(out.contains("marked 'recorded'"), out)
        }
        let rows = out.split(separator: "\n").map(String.init)
        func row(_ workload: String) throws -> String { try XCTUnwrap(rows.first { $0.contains(workload) }, workload) }

        // The 1€ row: the recorded peer figure beside the stand-in's 4 ns, not divided by it.
        let oneEuro = try row("1€ x and y")
        XCTAssertTrue(oneEuro.contains("recorded 20"), oneEuro)
        let recordedMedian = try XCTUnwrap(recorded["peers"]?["OneEuroFilter"]?["rows"]?["one-euro"]?["ns_per_input"]?["median"]?.number)
        let ratio = recordedMedian / 4
        XCTAssertFalse(oneEuro.contains(String(format: ratio >= 10 ? "%.1f×" : "%.2f×", ratio)), "\(ratio): \(oneEuro)")
        XCTAssertTrue(oneEuro.contains("≥2× not compared (recorded)"), oneEuro)
        XCTAssertTrue(oneEuro.contains("4.00 (3.50–4.50)"), oneEuro)
        XCTAssertTrue(oneEuro.contains("--stage filter:one-euro(minCutoff=1,beta=0.1,dCutoff=1)"), oneEuro)
        XCTAssertFalse(out.contains(" met"), "no goal is judged against a recorded figure:\n\(out)")

        // Both Update + Predict rows run the modeler and its predictor alone, like for like: per
        // input on a trace of one event per input, per frame on the 60 Hz trace.
        let each = try row("Predict after every input"), frame = try row("Predict once per 60 Hz frame")
        XCTAssertTrue(each.contains("50.0 (49.0–51.0)"), each)
        XCTAssertTrue(each.contains("--stage filter:ink-modeler|predict:ink-kalman (one event per input)"), each)
        XCTAssertTrue(frame.contains("50.0 (49.0–51.0)"), frame)
        XCTAssertFalse(frame.contains("one event per input"), frame)
        XCTAssertTrue(try row("Update per input, no predictor").contains(
            "StrokeLab: filter:ink-modeler not available in this build (strokelab: unknown stage in 'filter:ink-modeler')"))
        XCTAssertTrue(try row("live curve building").contains(
            "StrokeLab: interp:signature-pad(throttle=0) not available in this build (bench printed no JSON object)"))
        XCTAssertTrue(try row("app: whole getStroke").contains("≥100×"))

        // Nothing was built; the inputs and results.json are in the work folder only.
        let built = (try? FileManager.default.contentsOfDirectory(atPath: dir + "/work/build")) ?? []
        XCTAssertEqual(built, [])
        for file in ["circle240.trace.json", "circle240.each.trace.json", "circle240.input.txt", "results.json"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/work/" + file), file)
        }
    }

    /// A peer checkout is present but its build tools are not: the harness prints the
    /// apt-get command and stops before building or timing anything.
    func testMissingBuildToolsPrintTheAptGetCommand() throws {
        try requirePythonAndInput()
        let dir = try makeTemporaryDirectory("peers-tools")
        // Only the files the harness looks for (empty): the stand-in of a perfect-freehand checkout.
        let entry = dir + "/src/perfect-freehand/packages/perfect-freehand/src"
        try FileManager.default.createDirectory(atPath: entry, withIntermediateDirectories: true)
        try "".write(toFile: entry + "/index.ts", atomically: true, encoding: .utf8)
        // A PATH with python3 and nothing else: no esbuild, no node.
        let python = try runTool("/usr/bin/env", ["python3", "-c", "import sys; print(sys.executable)"])
        try FileManager.default.createDirectory(atPath: dir + "/bin", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: dir + "/bin/python3",
                                                   withDestinationPath: python.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        let result = try runTool(scripts + "/run", ["--peers-src", dir + "/src", "--work", dir + "/work"],
                                 environment: ["PATH": dir + "/bin"])
        XCTAssertEqual(result.status, 2, result.stdout + result.stderr)
        XCTAssertTrue(result.stderr.contains("missing tools: esbuild, node"), result.stderr)
        XCTAssertTrue(result.stderr.contains("sudo apt-get update && sudo apt-get install -y esbuild nodejs"), result.stderr)
        XCTAssertEqual(result.stdout, "")
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/work/build/js"))
    }

    func testHarnessRejectsBadUsageAndAMissingSharedInput() throws {
        try requirePythonAndInput()
        let dir = try makeTemporaryDirectory("peers-usage")
        let badLabel = try runTool(scripts + "/run", ["--label", "nope=filter:x", "--work", dir + "/w"])
        XCTAssertEqual(badLabel.status, 2)
        XCTAssertTrue(badLabel.stderr.contains("--label 'nope=filter:x': expected ROW=LABEL"), badLabel.stderr)
        let noInput = try runTool(scripts + "/run", ["--oracles", dir + "/nowhere", "--work", dir + "/w"])
        XCTAssertEqual(noInput.status, 2)
        XCTAssertTrue(noInput.stderr.contains("\(dir)/nowhere/input_circle240.json: not found"), noInput.stderr)
    }
}

/// Runs an executable (not the strokelab product) in the package root; returns status and
/// output. With `environment`, the child gets that environment alone.
private func runTool(_ path: String, _ arguments: [String], environment: [String: String]? = nil) throws -> ProcessOutput {
    try runProcess(path, arguments, environment: environment ?? [:], inheritsEnvironment: environment == nil)
}
