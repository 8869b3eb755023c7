import Foundation
import StrokeCore
import XCTest

/// The peer oracle vectors in `../shared/oracles/` (see its README: each peer run unmodified
/// on one shared input): their paths, a loader, the shared noisy 240 Hz circle and strokes
/// built from it. A test that needs a missing oracle skips (naming the path; a failure under CI, ``MissingRequirement``).
/// Numbers are read with ``ExactJSON``: Foundation's JSONSerialization on Linux can misread a
/// double by an ulp, which would show as a spurious difference against a peer.
public enum PeerOracles {
    /// `../shared/oracles` beside the package root.
    public static var directory: URL { SharedData.oraclesDirectory }

    /// The URL of the oracle file `relative` (to ``directory``); ``MissingRequirement/error(_:)``
    /// naming the path when the file is not there.
    public static func url(_ relative: String) throws -> URL {
        let url = directory.appendingPathComponent(relative)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw MissingRequirement.error("peer oracle \(relative) not found at \(url.path) (shared/ beside the package root)")
        }
        return url
    }

    /// The JSON object in the oracle file `relative`, parsed exactly; skips when the file is
    /// absent, fails (throws) when it is not a JSON object.
    public static func load(_ relative: String) throws -> [String: Any] {
        let url = try url(relative)
        return try XCTUnwrap(ExactJSON.parse(Array(Data(contentsOf: url))) as? [String: Any], relative)
    }

    /// `object[key]` as an array of numbers; fails (throws, at the caller's line) when the
    /// field is missing or not all numbers.
    public static func numbers(_ object: [String: Any]?, _ key: String, file: StaticString = #filePath,
                               line: UInt = #line) throws -> [Double] {
        try XCTUnwrap(object?[key] as? [Double], "oracle field \(key)", file: file, line: line)
    }

    /// The columns `keys` of an oracle's object of float32 results (ink-stroke-modeler's
    /// `modeled`), each read back as float32 — the peer prints float32 with `%.9g`, which
    /// identifies the float but is not its exact decimal value — except `time`, a double.
    /// Fails (throws) when `object` is not an object or a column is missing.
    public static func float32Columns(_ object: Any?, _ keys: [String]) throws -> [String: [Double]] {
        let dict = try XCTUnwrap(object as? [String: Any])
        var out: [String: [Double]] = [:]
        for key in keys {
            let column = try XCTUnwrap(dict[key] as? [Double], "oracle column \(key)")
            out[key] = key == "time" ? column : column.map { Double(Float($0)) }
        }
        return out
    }

    /// The shared input `input_circle240.json`: 2000 samples of a noisy circle at 240 Hz
    /// (radius 50 around (100, 100), one revolution per second, noise in ±0.5), with a
    /// pressure channel 0.5 + 0.25·sin(πt).
    public struct Circle: Sendable {
        /// Sample times, seconds (i / 240).
        public var t: [Double]
        /// x coordinates (points).
        public var x: [Double]
        /// y coordinates (points).
        public var y: [Double]
        /// Pressure, 0…1.
        public var pressure: [Double]

        /// Creates the circle from its four columns (equal lengths).
        public init(t: [Double], x: [Double], y: [Double], pressure: [Double]) {
            self.t = t
            self.x = x
            self.y = y
            self.pressure = pressure
        }

        /// One stroke, one sample per event (so a predictor predicts after every input, as
        /// the oracle drivers call `Predict`): force = pressure, maximum force 1; id "circle240".
        public var strokeWithOneEventPerSample: Stroke {
            var events: [TouchEvent] = []
            for i in t.indices {
                let s = TouchSample(time: t[i], location: Point(x: x[i], y: y[i]), force: pressure[i], maximumPossibleForce: 1)
                let phase: TouchPhase = i == 0 ? .began : (i == t.count - 1 ? .ended : .moved)
                events.append(TouchEvent(phase: phase, samples: [s]))
            }
            return Stroke(id: "circle240", events: events)
        }

        /// The samples as attributed samples (no derived kinematics): force = pressure,
        /// maximum force 1.
        public var samples: [AttributedSample] {
            t.indices.map { AttributedSample(time: t[$0], location: Point(x: x[$0], y: y[$0]), force: pressure[$0], maximumPossibleForce: 1) }
        }
    }

    /// The shared input circle (``Circle``); skips when it is absent.
    public static func circle() throws -> Circle {
        let input = try load("input_circle240.json")
        return Circle(t: try numbers(input, "t"), x: try numbers(input, "x"), y: try numbers(input, "y"),
                      pressure: try numbers(input, "pressure"))
    }
}
