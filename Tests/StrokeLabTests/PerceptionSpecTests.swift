import Foundation
import StrokeLab
import StrokeMetrics
import StrokeTestSupport
import XCTest

/// The spec keys of issue 26: `device` at the top level and `metrics.sideEffects`, read, refused
/// when misspelt, recorded in run.json, and documented with the code's defaults.
final class PerceptionSpecTests: XCTestCase {
    func testTheDeviceAndTheSideEffectThresholdsAreRead() throws {
        let spec = try ExperimentSpec.parse(Array("""
            datasets: [{paths: [x]}]
            device: {latencyMs: 20}
            metrics: {sideEffects: {latenessMm: 2, jumpMm: 3}}
            """.utf8), file: "spec.yaml")
        let o = spec.metricOptions
        XCTAssertEqual(o.device, DeviceLatency(latencyMs: 20, refreshHz: 60))
        XCTAssertEqual(o.sideEffects.latenessMm, 2)
        XCTAssertEqual(o.sideEffects.jumpMm, 3)
        XCTAssertEqual(o.sideEffects.jitterMm, SideEffectOptions().jitterMm, "keys left out keep their defaults")
    }

    func testMisspeltKeysAreRefusedNamingThePlace() {
        for (text, expected) in [("device: {latency: 20}", "unknown key 'latency' in device"),
                                 ("metrics: {sideEffects: {latenesMm: 2}}", "unknown key 'latenesMm' in metrics.sideEffects (did you mean 'latenessMm'?)")] {
            do {
                _ = try ExperimentSpec.parse(Array("datasets: [{paths: [x]}]\n\(text)\n".utf8), file: "spec.yaml")
                XCTFail("accepted \(text)")
            } catch {
                XCTAssertTrue("\(error)".contains(expected), "\(error)")
            }
        }
    }

    func testTheSpecPageDocumentsTheDevicesDefaults() throws {
        let documented = try SpecDocumentationTests.documentedDefaults()
        let device = try XCTUnwrap(documented["device"])
        XCTAssertEqual(device["latencyMs"].flatMap(Double.init), DeviceLatency().latencyMs)
        XCTAssertEqual(device["refreshHz"].flatMap(Double.init), DeviceLatency().refreshHz)
    }
}
