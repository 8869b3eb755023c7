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
        XCTAssertTrue(missing.stderr.contains("--shard 1/3"), "the command that makes a shard: \(missing.stderr)")
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

    func testBadShardOptionsAreRefused() throws {
        for text in ["4/3", "0/2", "1/0", "x", "1/2/3"] {
            let r = try runStrokeLab(["run", "--trace", "Datasets/synthetic/finger-60hz-60fps.json", "--shard", text, "--out", "/tmp/never-written"])
            XCTAssertNotEqual(r.status, 0, text)
            XCTAssertTrue(r.stderr.contains("--shard"), r.stderr)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: "/tmp/never-written"))
    }
}
