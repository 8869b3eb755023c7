import Foundation
import StrokeTestSupport
import XCTest

@testable import StrokeLab

/// `run --shard K/N` and `merge` (issue 15): merged shards are the whole run, byte for byte.
final class ShardMergeTests: XCTestCase {
    /// Two synthetic traces (16 strokes) in one dataset, written as a spec into `dir`.
    private func spec(in dir: String) throws -> [String] {
        let root = TestPaths.packageRoot + "/Datasets/synthetic/"
        try """
        seed: 9
        bootstrap: 100
        datasets: [{name: synthetic, paths: ["\(root)stylus-240hz-60fps.json", "\(root)finger-60hz-60fps.json"]}]
        pipelines: [linear, bezier4, midpoint-bezier, coalesced-only]
        """.write(toFile: dir + "/spec.yaml", atomically: true, encoding: .utf8)
        return ["--spec", dir + "/spec.yaml"]
    }

    func testEveryUnitBelongsToExactlyOneShard() throws {
        for n in 1...7 {
            let shards = try (1...n).map { try ShardSelection(index: $0, count: n) }
            for job in 0..<13 {
                for p in 0..<5 {
                    XCTAssertEqual(shards.filter { $0.contains(job: job, pipeline: p, pipelines: 5) }.count, 1)
                }
            }
        }
    }

    func testThreeShardsMergeByteIdenticalToTheWholeRun() throws {
        let dir = try makeTemporaryDirectory("shards")
        let traces = try spec(in: dir)
        let whole = try runStrokeLab(["run"] + traces + ["--out", dir + "/whole", "--quiet"])
        XCTAssertEqual(whole.status, 0, whole.stderr)
        for k in 1...3 {
            let r = try runStrokeLab(["run"] + traces + ["--shard", "\(k)/3", "--out", dir + "/s\(k)", "--quiet"])
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertTrue(r.stdout.contains("shard \(k)/3: "), r.stdout)
        }
        // Any order of the directories.
        let m = try runStrokeLab(["merge", dir + "/s3", dir + "/s1", dir + "/s2", "--out", dir + "/merged", "--quiet"])
        XCTAssertEqual(m.status, 0, m.stderr)
        for file in ["results.csv", "summary.csv", "summary_paired.csv"] {
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: dir + "/whole/" + file)),
                           try Data(contentsOf: URL(fileURLWithPath: dir + "/merged/" + file)), file)
        }
        XCTAssertEqual(try stableManifest(dir + "/whole/run.json"), try stableManifest(dir + "/merged/run.json"))
        XCTAssertNotEqual(try Data(contentsOf: URL(fileURLWithPath: dir + "/s1/results.csv")),
                          try Data(contentsOf: URL(fileURLWithPath: dir + "/whole/results.csv")), "a shard holds a slice")
    }

    func testAMissingOrBrokenShardIsNamedWithItsCommandAndNothingIsWritten() throws {
        let dir = try makeTemporaryDirectory("shards-missing")
        let traces = try spec(in: dir)
        for k in 1...2 {
            let r = try runStrokeLab(["run"] + traces + ["--pipeline", "linear", "--shard", "\(k)/3", "--out", dir + "/s\(k)", "--quiet"])
            XCTAssertEqual(r.status, 0, r.stderr)
        }
        let missing = try runStrokeLab(["merge", dir + "/s1", dir + "/s2", "--out", dir + "/merged"])
        XCTAssertNotEqual(missing.status, 0)
        XCTAssertTrue(missing.stderr.contains("shard 3/3 missing"), missing.stderr)
        // Issue 24 item 6: the command that makes the missing shard, not shard 1's (whose
        // --out it would overwrite).
        XCTAssertTrue(missing.stderr.contains("--shard 3/3 --out '<shard 3/3's own directory>'")
                      || missing.stderr.contains("--shard 3/3 --out <shard 3/3's own directory>"), missing.stderr)
        XCTAssertFalse(missing.stderr.contains("--shard 1/3"), missing.stderr)
        XCTAssertFalse(missing.stderr.contains(dir + "/s1 "), missing.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/merged"))
        // A shard directory whose run failed (no shard.json).
        try FileManager.default.createDirectory(atPath: dir + "/s3", withIntermediateDirectories: true)
        let failed = try runStrokeLab(["merge", dir + "/s1", dir + "/s2", dir + "/s3", "--out", dir + "/merged"])
        XCTAssertNotEqual(failed.status, 0)
        XCTAssertTrue(failed.stderr.contains("s3: no shard.json"), failed.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/merged"))
        // A shard of another run.
        let other = try runStrokeLab(["run"] + traces + ["--pipeline", "bezier4", "--shard", "3/3", "--out", dir + "/s3", "--quiet"])
        XCTAssertEqual(other.status, 0, other.stderr)
        let mixed = try runStrokeLab(["merge", dir + "/s1", dir + "/s2", dir + "/s3", "--out", dir + "/merged"])
        XCTAssertNotEqual(mixed.status, 0)
        XCTAssertTrue(mixed.stderr.contains("shard of a different run"), mixed.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/merged"))
        // The same shard twice.
        let twice = try runStrokeLab(["merge", dir + "/s1", dir + "/s1", dir + "/s2", "--out", dir + "/merged"])
        XCTAssertTrue(twice.stderr.contains("given twice"), twice.stderr)
    }

    /// Issue 24 item 6: a bad --shard is a usage error with the --help hint, like every other
    /// option's; `-1/2` is read as the option's value (it said "Missing value").
    func testBadShardOptionsAreRefused() throws {
        for command in ["run", "tune"] {
            for text in ["4/3", "0/2", "1/0", "x", "1/2/3", "-1/2"] {
                let r = try runStrokeLab([command, "--trace", "Datasets/synthetic/finger-60hz-60fps.json", "--shard", text, "--out", "/tmp/never-written"]
                                         .filter { command == "run" || !["--trace", "Datasets/synthetic/finger-60hz-60fps.json"].contains($0) })
                XCTAssertNotEqual(r.status, 0, text)
                XCTAssertTrue(r.stderr.hasPrefix("error: --shard"), r.stderr)
                XCTAssertTrue(r.stderr.contains("(see 'strokelab \(command) --help')"), r.stderr)
                XCTAssertFalse(r.stderr.contains("Missing value"), r.stderr)
                XCTAssertEqual(r.stderr.split(separator: "\n").count, 1, r.stderr)
            }
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: "/tmp/never-written"))
    }

    /// Issue 24 item 4: `merge` trusted measurement rows — a changed value, +inf or a renamed
    /// metric id in a shard.json merged with exit 0. Each is now one line naming the shard,
    /// and nothing is written.
    func testMergeVerifiesEveryShardsRows() throws {
        let dir = try makeTemporaryDirectory("shards-tampered")
        let traces = try spec(in: dir)
        for k in 1...2 {
            let r = try runStrokeLab(["run"] + traces + ["--pipeline", "linear", "--shard", "\(k)/2", "--out", dir + "/s\(k)", "--quiet"])
            XCTAssertEqual(r.status, 0, r.stderr)
        }
        let good = try runStrokeLab(["merge", dir + "/s1", dir + "/s2", "--out", dir + "/merged", "--quiet"])
        XCTAssertEqual(good.status, 0, good.stderr)
        try FileManager.default.removeItem(atPath: dir + "/merged")
        let path = dir + "/s2/shard.json"
        let original = try String(contentsOfFile: path, encoding: .utf8)
        // A row of fidelity.mean: ["fidelity.mean", "<bits>", "pt"].
        let row = try XCTUnwrap(original.range(of: #"\["fidelity\.mean", "[0-9a-f]+", "pt"\]"#, options: .regularExpression))
        let bits = String(original[row].split(separator: "\"")[3])
        let value = Double(bitPattern: try XCTUnwrap(UInt64(bits, radix: 16)))
        func hex(_ v: Double) -> String { String(v.bitPattern, radix: 16) }
        let edits: [(String, String, String)] = [
            ("a changed value", "[\"fidelity.mean\", \"\(bits)\", \"pt\"]", "[\"fidelity.mean\", \"\(hex(value * 0.5))\", \"pt\"]"),
            ("+inf", "[\"fidelity.mean\", \"\(bits)\", \"pt\"]", "[\"fidelity.mean\", \"\(hex(.infinity))\", \"pt\"]"),
            ("a renamed metric", "[\"fidelity.mean\", \"\(bits)\", \"pt\"]", "[\"fidelity.maen\", \"\(bits)\", \"pt\"]"),
        ]
        for (what, from, to) in edits {
            try original.replacingOccurrences(of: from, with: to).write(toFile: path, atomically: true, encoding: .utf8)
            let m = try runStrokeLab(["merge", dir + "/s1", dir + "/s2", "--out", dir + "/merged"])
            XCTAssertEqual(m.status, 1, what)
            XCTAssertTrue(m.stderr.hasPrefix("error: \(path): ") && m.stderr.contains("do not match the digest"), "\(what): \(m.stderr)")
            XCTAssertTrue(m.stderr.contains("run shard 2/2 again"), m.stderr)
            XCTAssertEqual(m.stderr.split(separator: "\n").count, 1, m.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/merged"), what)
        }
        // The same edits with the digest recomputed (someone who knows the format) still fail
        // the catalogue's checks, naming the shard and the stroke: +inf is not a fidelity, the
        // renamed id is no metric.
        for (what, from, to, expected) in [(edits[1].0, edits[1].1, edits[1].2, "fidelity.mean = inf is not a value it can take"),
                                           (edits[2].0, edits[2].1, edits[2].2, "'fidelity.maen' is not a metric id (did you mean 'fidelity.mean'?)")] {
            let originalDigest = ShardRecord.rowsDigest(try ShardRecord.parse(Array(original.utf8), path: path).units)
            let edited = original.replacingOccurrences(of: from, with: to)
                .replacingOccurrences(of: "\"rowsDigest\": \"\(originalDigest)\"", with: "\"rowsDigest\": \"REDIGEST\"")
            XCTAssertTrue(edited.contains("REDIGEST"))
            // Recompute the digest over the edited units by reading them without the check.
            let units = try ShardRecord.parse(Array(edited.utf8), path: path, verifyingDigest: false).units
            try edited.replacingOccurrences(of: "REDIGEST", with: ShardRecord.rowsDigest(units)).write(toFile: path, atomically: true, encoding: .utf8)
            let m = try runStrokeLab(["merge", dir + "/s1", dir + "/s2", "--out", dir + "/merged"])
            XCTAssertEqual(m.status, 1, what)
            XCTAssertTrue(m.stderr.contains("shard 2/2") && m.stderr.contains(expected), "\(what): \(m.stderr)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/merged"), what)
        }
    }
}
