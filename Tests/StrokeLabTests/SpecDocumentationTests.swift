import Foundation
import StrokeIO
import StrokeMetrics
import StrokeTestSupport
import XCTest

@testable import StrokeLab

/// Issue 11 item 11: docs/spec.md documents every key and its examples work; the README's
/// examples work; every example spec under Experiments/ is valid, and the small ones run.
final class SpecDocumentationTests: XCTestCase {
    static let experiments = TestPaths.packageRoot + "/Experiments"

    /// The fenced ```yaml and ```json blocks of a Markdown file that hold a spec.
    func specBlocks(_ path: String) throws -> [String] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var blocks: [String] = []
        var current: [String]? = nil
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line.hasPrefix("```yaml") || line.hasPrefix("```json") { current = []; continue }
            if current != nil, line.hasPrefix("```") {
                let block = current!.joined(separator: "\n")
                if block.contains("datasets") { blocks.append(block) }
                current = nil
                continue
            }
            current?.append(String(line))
        }
        return blocks
    }

    /// Each block parses, its pipelines and sweeps resolve, and its datasets load from
    /// Experiments/ (as if the spec were there): the documented examples are working ones.
    func check(_ blocks: [String], in file: String) throws {
        XCTAssertFalse(blocks.isEmpty, "\(file) has no spec example")
        for (k, block) in blocks.enumerated() {
            do {
                let spec = try ExperimentSpec.parse(Array(block.utf8), file: "\(file) example \(k + 1)")
                let prepared = try Experiment.prepare(spec, specPath: nil, baseDirectory: Self.experiments)
                XCTAssertFalse(prepared.traces.isEmpty, "\(file) example \(k + 1)")
            } catch {
                XCTFail("\(file) example \(k + 1) does not work: \(error)\n\(block)")
            }
        }
    }

    func testEveryExampleOfTheSpecPageWorks() throws {
        try check(specBlocks(TestPaths.packageRoot + "/docs/spec.md"), in: "docs/spec.md")
    }

    /// The README's `grid:` example was rejected (`sweeps[0]: missing key 'label'`).
    func testTheReadmeSpecExamplesWork() throws {
        let blocks = try specBlocks(TestPaths.packageRoot + "/README.md")
        XCTAssertTrue(blocks.contains { $0.contains("grid:") }, "the README shows a sweep")
        try check(blocks, in: "README.md")
    }

    func testEveryKeyIsDocumentedWithItsDefault() throws {
        let page = try String(contentsOfFile: TestPaths.packageRoot + "/docs/spec.md", encoding: .utf8)
        for (_, keys) in ExperimentSpec.knownKeys {
            for key in keys {
                XCTAssertTrue(page.contains("| `\(key)` |"), "docs/spec.md has no table row for `\(key)`")
            }
        }
    }

    /// docs/spec.md's key tables, per section (`Top level`, `datasets`, `metrics`, …): key →
    /// the first `code` text of its default column; a nested mapping's table (a `####` heading
    /// such as `metrics.sideEffects`) gives its keys as `sideEffects.key` in its section.
    static func documentedDefaults() throws -> [String: [String: String]] {
        let page = try String(contentsOfFile: TestPaths.packageRoot + "/docs/spec.md", encoding: .utf8)
        var out: [String: [String: String]] = [:]
        var section = "", prefix = ""
        for line in page.split(separator: "\n") {
            if line.hasPrefix("### ") {
                section = line.dropFirst(4).replacingOccurrences(of: "`", with: "")
                prefix = ""
                continue
            }
            // A nested mapping (`#### \`metrics.sideEffects\``): its keys as `sideEffects.key`.
            if line.hasPrefix("#### ") {
                prefix = (line.dropFirst(5).replacingOccurrences(of: "`", with: "").split(separator: ".").last.map(String.init) ?? "") + "."
                continue
            }
            guard line.hasPrefix("| `") else { continue }
            // Cells split on unescaped bars.
            let cells = line.replacingOccurrences(of: "\\|", with: "\u{1}").split(separator: "|", omittingEmptySubsequences: false)
            guard cells.count >= 5 else { continue }
            let key = cells[1].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            let defaultCell = cells[3]
            guard let open = defaultCell.firstIndex(of: "`"),
                  let close = defaultCell[defaultCell.index(after: open)...].firstIndex(of: "`") else { continue }
            out[section, default: [:]][prefix + key] = String(defaultCell[defaultCell.index(after: open)..<close])
        }
        return out
    }

    /// Issue 27 item 3: the defaults docs/spec.md states are the code's, value by value
    /// (changing `kinkThresholdDegrees`' default to 12 left the page saying 10 and every test
    /// passing).
    func testEveryDefaultTheSpecPageStatesIsTheCodesDefault() throws {
        let documented = try Self.documentedDefaults()
        let top = try XCTUnwrap(documented["Top level"]), datasets = try XCTUnwrap(documented["datasets"])
        XCTAssertEqual(top["seed"], "\(ExperimentSpec.Defaults.seed)")
        XCTAssertEqual(top["bootstrap"], "\(ExperimentSpec.Defaults.bootstrap)")
        XCTAssertEqual(top["bootstrapBy"], ExperimentSpec.Defaults.bootstrapBy)
        XCTAssertEqual(top["throughput"], "\(ExperimentSpec.Defaults.throughput)")
        XCTAssertEqual(datasets["optional"], "\(ExperimentSpec.Defaults.optional)")
        XCTAssertEqual(top["minCoverage"].flatMap(Double.init), VerdictRules.defaultMinCoverage)
        XCTAssertEqual(top["minStrokes"], "\(VerdictRules.defaultMinStrokes)")
        XCTAssertEqual(top["minTraces"], "\(VerdictRules.defaultMinTraces)")
        let metrics = try XCTUnwrap(documented["metrics"])
        let options = MetricOptions().recorded
        XCTAssertEqual(Set(metrics.keys), Set(options.map(\.key)), "one row per metric option")
        for (key, value, isList) in options {
            let text = try XCTUnwrap(metrics[key], key)
            let numbers = text.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).split(separator: ",")
                .map { Double($0.trimmingCharacters(in: .whitespaces)) }
            XCTAssertEqual(numbers, value.map { Optional($0) }, "docs/spec.md says metrics.\(key) defaults to \(text); the code says \(value)")
            XCTAssertEqual(text.hasPrefix("["), isList, key)
        }
    }

    /// A number as the guides write it: `0.5`, `10°`, `2¹⁸`.
    static func documentedNumber(_ text: String) -> Double? {
        let superscripts: [Character: Character] = ["⁰": "0", "¹": "1", "²": "2", "³": "3", "⁴": "4", "⁵": "5", "⁶": "6", "⁷": "7", "⁸": "8", "⁹": "9"]
        if let i = text.firstIndex(where: { superscripts[$0] != nil }) {
            guard let base = Double(text[..<i]), let power = Double(String(text[i...].compactMap { superscripts[$0] })) else { return nil }
            return pow(base, power)
        }
        return Double(text)
    }

    /// Every default the guides, DESIGN and the README state beside a metric option's name
    /// (`` `kinkThresholdDegrees`, 10° ``, `` `referenceGapMs` (50 ms) ``, `` `inkResolution` pixels per
    /// unit (default 4 ``) is the code's.
    func testEveryDefaultTheGuidesStateBesideAnOptionIsTheCodesDefault() throws {
        let root = TestPaths.packageRoot
        let guides = try FileManager.default.contentsOfDirectory(atPath: root + "/docs/guides").filter { $0.hasSuffix(".md") }
        let files = ["README.md", "docs/DESIGN.md", "docs/cluster.md"] + guides.map { "docs/guides/" + $0 }
        let defaults = Dictionary(uniqueKeysWithValues: MetricOptions().recorded.map { ($0.key, $0.value) })
        var checked = 0
        let number = #"([0-9]+(?:\.[0-9]+)?[⁰¹²³⁴⁵⁶⁷⁸⁹]*)"#
        for file in files {
            guard let text = try? String(contentsOfFile: root + "/" + file, encoding: .utf8) else { continue }
            let flat = text.replacingOccurrences(of: "\n", with: " ")
            for (key, value) in defaults where value.count == 1 {
                // The name, then at once its value (", 0.5 units", " (2)", ", k = 4", " 300"), or
                // "(default N" later in the same clause.
                let pattern = "`(?:metrics\\.)?\(key)`(?:[,)]? ?\\(?(?:default |k = )?\(number)|[^`.;:]{0,40}\\(default \(number))"
                let regex = try NSRegularExpression(pattern: pattern)
                for match in regex.matches(in: flat, range: NSRange(flat.startIndex..., in: flat)) {
                    let group = match.range(at: 1).location != NSNotFound ? match.range(at: 1) : match.range(at: 2)
                    let stated = String(flat[Range(group, in: flat)!])
                    XCTAssertEqual(Self.documentedNumber(stated), value[0], "\(file) says \(key) is \(stated); the code's default is \(value[0])")
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThanOrEqual(checked, 12, "the guides state most metric defaults beside their names")
    }

    /// docs/guides/tuning.md's example states the tune defaults in comments: the objectives,
    /// the preference, `samples` and `steps`.
    func testTheTuningGuidesDefaultsAreTheCodes() throws {
        let text = try String(contentsOfFile: TestPaths.packageRoot + "/docs/guides/tuning.md", encoding: .utf8)
        let lines = text.split(separator: "\n").map(String.init)
        let objectives = try XCTUnwrap(lines.first { $0.contains("objectives: [") && $0.contains("# the default") })
        let listed = objectives.components(separatedBy: "[")[1].components(separatedBy: "]")[0]
            .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        XCTAssertEqual(listed, TuneSettings.Objective.defaults.map(\.metric))
        let preference = try XCTUnwrap(lines.first { $0.contains("preference: {") && $0.contains("# the default") })
        XCTAssertTrue(preference.contains("limits: {\(TuneSettings.Preference.standard.limits.map { "\($0.key): \(JSONNumber.text($0.value))" }.sorted().joined(separator: ", "))}"), preference)
        XCTAssertTrue(preference.contains("then: \(TuneSettings.Preference.standard.then)}"), preference)
        let samples = try XCTUnwrap(lines.first { $0.contains("samples: ") && $0.contains("(default ") })
        XCTAssertTrue(samples.contains("(default \(TuneSettings.Search.defaultSamples))"), samples)
        let steps = try XCTUnwrap(lines.first { $0.contains("steps: ") && $0.contains("(default ") })
        XCTAssertTrue(steps.contains("(default \(TuneSettings.Search.defaultSteps))"), steps)
    }

    /// Every example spec is valid (paths, formats, pipelines, sweeps); the small ones are
    /// run end to end, and the sweep's parameters come out as columns.
    func testTheExampleSpecsRun() throws {
        let specs = try FileManager.default.contentsOfDirectory(atPath: Self.experiments).filter { $0.hasSuffix(".yaml") }.sorted()
        XCTAssertTrue(specs.contains("default.yaml"))
        for name in specs {
            let spec = try ExperimentSpec.load(path: Self.experiments + "/" + name)
            XCTAssertNoThrow(try Experiment.prepare(spec, specPath: name, baseDirectory: Self.experiments), name)
        }
        let dir = try makeTemporaryDirectory("examples")
        for name in ["quick.yaml", "prediction-sweep.yaml"] {
            let result = try runStrokeLab(["run", "--spec", "Experiments/" + name, "--out", dir + "/" + name, "--quiet"])
            XCTAssertEqual(result.status, 0, "\(name): \(result.stderr)")
        }
        let results = try ResultsTable(path: dir + "/prediction-sweep.yaml/results.csv")
        XCTAssertEqual(results.parameters.names, ["predict.horizon"])
        XCTAssertEqual(results.parameters.values["kalman 16.7 ms"], ["predict.horizon": "16.7"])
        XCTAssertNil(results.parameters.values["midpoint (no prediction)"])
        let summaryText = try String(contentsOfFile: dir + "/prediction-sweep.yaml/summary.csv", encoding: .utf8)
        XCTAssertTrue(summaryText.hasPrefix(SummaryTable.columns.joined(separator: ",") + ",predict.horizon\n"))
        XCTAssertTrue(summaryText.contains("realistic,linear 33 ms,lag.mean_ms,ms,"))
        let summary = try SummaryTable(path: dir + "/prediction-sweep.yaml/summary.csv")
        XCTAssertEqual(summary.parameters.values["linear 33 ms"], ["predict.horizon": "33"])
    }
}

/// Issue 11 items 2 and 4: specs that attack the loader.
final class HostileSpecTests: XCTestCase {
    func error(_ text: String, file: String = "spec.yaml") -> String {
        do {
            _ = try ExperimentSpec.parse(Array(text.utf8), file: file)
            XCTFail("expected an error")
            return ""
        } catch {
            XCTAssertFalse(error.description.contains("\n"), error.description)
            return error.description
        }
    }

    /// A 1 KB spec of nested aliases drove `run --spec` past 3.6 GB.
    func testANestedAliasBombIsRefusedBeforeItExpands() {
        var text = "a: &a [x,x,x,x,x,x,x,x,x]\n"
        let names = ["b", "c", "d", "e", "f", "g", "h", "i", "j"]
        var previous = "a"
        for n in names {
            text += "\(n): &\(n) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ",") + "]\n"
            previous = n
        }
        text += "datasets: [{paths: [x]}]\npipelines: *\(previous)\n"
        XCTAssertLessThan(text.utf8.count, 1100)
        let message = error(text)
        XCTAssertTrue(message.contains("has more than 100000 YAML nodes (keys, values and list entries, aliases expanded)"), message)
    }

    /// A sweep grid expanding to 810,000 pipelines just ran; it is refused before expansion,
    /// naming the sweep and the count, and `--max-pipelines` (here the library setting)
    /// raises the limit.
    func testAHugeSweepIsCappedNamingTheSweepAndTheCount() throws {
        let values = (1...30).map(String.init).joined(separator: ", ")
        let text = """
            datasets: [{paths: [../Datasets/synthetic/stylus-240hz-60fps.json]}]
            sweeps:
              - label: "midpoint-bezier|predict:kalman"
                grid: {kalman.horizon: [\(values)], kalman.processNoise: [\(values)], kalman.measurementNoise: [\(values)], kalman.maxTimeSamples: [\(values)]}
            """
        let spec = try ExperimentSpec.parse(Array(text.utf8), file: "sweep.yaml")
        XCTAssertThrowsError(try Experiment.prepare(spec, specPath: "sweep.yaml", baseDirectory: SpecDocumentationTests.experiments)) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("sweeps[0] ('midpoint-bezier|predict:kalman') expands to 810000 pipelines, more than the limit of 1000"), text)
            XCTAssertTrue(text.contains("--max-pipelines 810000"), text)
        }
        let small = try ExperimentSpec.parse(Array("""
            datasets: [{paths: [../Datasets/synthetic/stylus-240hz-60fps.json]}]
            pipelines: [linear]
            sweeps: [{label: "midpoint-bezier|predict:linear", grid: {predict.horizon: [8, 16, 33]}}]
            """.utf8), file: "small.yaml")
        XCTAssertThrowsError(try Experiment.prepare(small, specPath: nil, baseDirectory: SpecDocumentationTests.experiments,
                                                    settings: Experiment.Settings(maximumPipelines: 3)))
        XCTAssertEqual(try Experiment.prepare(small, specPath: nil, baseDirectory: SpecDocumentationTests.experiments,
                                              settings: Experiment.Settings(maximumPipelines: 4)).pipelines.count, 4)
    }

    /// `--spec` pointing at a system file printed its first line. A file that is not a spec
    /// is refused without any of its content; a spec's own mistakes are quoted short.
    func testNoContentOfAFileThatIsNotASpecIsQuoted() throws {
        let secret = "root:x:0:0:SECRET-VALUE-4711:/root:/bin/bash"
        for text in [secret + "\n", "SECRET-VALUE-4711: yes\nother: 2\n", "- SECRET-VALUE-4711\n", "{SECRET-VALUE-4711: [\n",
                     "\u{1B}[2JSECRET-VALUE-4711 \u{0}\u{1}\u{2}"] {
            let message = error(text, file: "/etc/shadow")
            XCTAssertFalse(message.contains("SECRET"), message)
            XCTAssertTrue(message.hasPrefix("/etc/shadow"), message)
        }
        // A real spec with a typo: the key is quoted (escaped, short) with a hint.
        let typo = error("datasets: [{paths: [x]}]\nmetrics: {resampelStep: 1}\n")
        XCTAssertTrue(typo.contains("spec.yaml:2:11: unknown key 'resampelStep' in metrics (did you mean 'resampleStep'?)"), typo)
        let escaped = error("datasets: [{paths: [x]}]\n\"bad\\e[31mkey\": 1\n")
        XCTAssertFalse(escaped.unicodeScalars.contains { $0.value == 0x1B }, escaped)
    }

    func testDevicesAndPipesAreNotReadAsSpecs() throws {
        XCTAssertThrowsError(try ExperimentSpec.load(path: "/dev/zero")) { error in
            XCTAssertTrue("\(error)".contains("/dev/zero: cannot read the spec: is a character device, not a regular file"), "\(error)")
        }
        let dir = try makeTemporaryDirectory("fifo")
        XCTAssertEqual(mkfifo(dir + "/spec.yaml", 0o644), 0)
        XCTAssertThrowsError(try ExperimentSpec.load(path: dir + "/spec.yaml")) { error in
            XCTAssertTrue("\(error)".contains("is a named pipe (FIFO), not a regular file"), "\(error)")
        }
        let deep = String(repeating: "[", count: 5000)
        XCTAssertFalse(error("datasets: " + deep).isEmpty, "deep nesting is an error, not a crash")
    }
}
