import Foundation
import StrokeCore
import StrokeFuzz
import StrokeIO
import XCTest

/// The bounded fuzz run of `make test`: a seeded campaign of random bytes and mutations of
/// valid files against every reader, through ``FuzzHarness`` — the same contract the long
/// runs (`strokelab-fuzz campaign`, and its libFuzzer build; docs/fuzzing.md) check.
/// Errors are expected; a crash, a hang, an error that is not one bounded located line, or
/// an accepted trace that breaks the trace invariants or does not survive the native format
/// is a failure. Deterministic: the same seed gives the same cases on every run.
final class FuzzTests: XCTestCase {
    /// Cases per reader are multiplied by STROKEIO_FUZZ_SCALE (default 1: 600 per reader,
    /// a few seconds for all eight in a debug build); STROKEIO_FUZZ_SEED changes the seed.
    func testEveryReaderKeepsItsContractUnderRandomBytesAndMutations() {
        let scale = max(1, Int(ProcessInfo.processInfo.environment["STROKEIO_FUZZ_SCALE"] ?? "") ?? 1)
        let seed = UInt64(ProcessInfo.processInfo.environment["STROKEIO_FUZZ_SEED"] ?? "") ?? 0x5EED_2026
        var lines: [String] = []
        for format in TraceFormat.allCases {
            for (k, bytes) in FuzzHarness.seeds(for: format).enumerated() {
                let outcome = FuzzHarness.check(bytes, format: format, options: FuzzHarness.options(for: format), name: "seed.\(k)")
                if case .success(.accepted) = outcome {} else { XCTFail("the \(format.rawValue) seed \(k) must be valid: \(outcome)") }
            }
            let stats = FuzzHarness.campaign(format: format, executions: 600 * scale, seed: seed)
            for (violation, bytes) in stats.violations {
                XCTFail("\(violation) — input (\(bytes.count) bytes): \(ErrorText.excerpt(bytes, 0..<bytes.count, limit: 200))")
            }
            // Some mutations must import (a changed digit, a swapped blank line) — otherwise the
            // fuzzer only exercises the first check of each reader — and some must be refused.
            XCTAssertGreaterThan(stats.changedAccepted, 0, "\(format.rawValue): no mutation of a seed was accepted")
            XCTAssertGreaterThan(stats.changedRefused, 0, "\(format.rawValue): no mutation of a seed was refused")
            lines.append("\(format.rawValue) \(stats.executions) (\(stats.accepted) accepted, \(stats.refused) refused)")
        }
        print("fuzz: " + lines.joined(separator: "; "))
    }
}
