import Foundation
import StrokeCore
import XCTest

/// The shared peer oracles (`../shared/oracles/` beside the repository): paths, the shared
/// noisy 240 Hz circle, and strokes built from it. Numbers are read with ``ExactJSON``
/// (Foundation's JSONSerialization on Linux can misread a double by an ulp).
enum PeerOracles {
    /// `shared/oracles`, two levels above the package root's `Tests/…/` file.
    static var directory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/oracles")
    }

    /// The parsed oracle file at `path` (relative to the oracles), or a skip when it is absent.
    static func load(_ path: String) throws -> [String: Any] {
        let url = directory.appendingPathComponent(path)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw XCTSkip("peer oracle \(path) not found at \(url.path) (shared/ beside the package root)")
        }
        return try XCTUnwrap(ExactJSON.parse(Array(Data(contentsOf: url))) as? [String: Any], path)
    }

    /// The shared input: 2000 samples of a noisy circle at 240 Hz.
    struct Circle {
        var t: [Double], x: [Double], y: [Double], pressure: [Double]

        /// One stroke, one sample per event (so a predictor predicts after every input, as
        /// the oracle drivers call `Predict`): force = pressure, maximum force 1.
        var strokeWithOneEventPerSample: Stroke {
            var events: [TouchEvent] = []
            for i in t.indices {
                let s = TouchSample(time: t[i], location: Point(x: x[i], y: y[i]), force: pressure[i], maximumPossibleForce: 1)
                let phase: TouchPhase = i == 0 ? .began : (i == t.count - 1 ? .ended : .moved)
                events.append(TouchEvent(phase: phase, samples: [s]))
            }
            return Stroke(id: "circle240", events: events)
        }

        /// The samples as attributed samples (no derived kinematics).
        var samples: [AttributedSample] {
            t.indices.map { AttributedSample(time: t[$0], location: Point(x: x[$0], y: y[$0]), force: pressure[$0], maximumPossibleForce: 1) }
        }
    }

    static func circle() throws -> Circle {
        let input = try load("input_circle240.json")
        return Circle(t: try XCTUnwrap(input["t"] as? [Double]), x: try XCTUnwrap(input["x"] as? [Double]),
                      y: try XCTUnwrap(input["y"] as? [Double]), pressure: try XCTUnwrap(input["pressure"] as? [Double]))
    }
}
