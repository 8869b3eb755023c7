/// The device an app runs on, as far as latency goes: its own touch-to-display latency (what it
/// takes from the pen touching the glass to the pixel changing, for an app that draws each
/// event's newest sample at once: digitiser, operating system, compositor, display) and its
/// display's refresh rate. A spec states it as `device: {latencyMs, refreshHz}`; end-to-end
/// latency is this plus what the pipeline adds (``PipelineLatency``):
/// `latency.end_to_end_ms = latencyMs + latency.pipeline_ms`.
///
/// **Defaults, and where they come from.** `latencyMs` 65: the lowest of the commercial
/// end-to-end latencies of pen and touch devices that Ng, Annett, Dietz, Gupta and Bischof
/// report ("commercial end-to-end latencies are unfortunately similar to those found with
/// touchscreens, i.e., 65 – 120 milliseconds", "In the Blink of an Eye", CHI 2014, abstract);
/// Deber et al. ("Hammer Time!", CHI 2016) cite 50 to 200 ms for commercial touchscreens.
/// Casiez, Pietrzak, Marchal, Poulmane, Falce and Roussel ("Characterizing Latency in Touch and
/// Button-Equipped Interactive Systems", UIST 2017) measured how such latency splits between
/// hardware and software and found "most of the latency originates from the display side"
/// (abstract); their per-device figures could not be read here, so no default is taken from
/// them. `refreshHz` 60: the display rate of the traces StrokeLab's time model was checked on.
/// State your own device's: a modern tablet with a high-rate pen is far below 65 ms.
public struct DeviceLatency: Hashable, Sendable, Codable {
    /// The device's own touch-to-display latency (ms; default 65).
    public var latencyMs: Double
    /// Its display refresh rate (Hz; default 60): end-to-end latency is also given in its frames.
    public var refreshHz: Double

    /// Creates the device; every field has its default.
    public init(latencyMs: Double = 65, refreshHz: Double = 60) {
        self.latencyMs = latencyMs
        self.refreshHz = refreshHz
    }

    /// The keys of `device`.
    public enum CodingKeys: String, CodingKey, CaseIterable {
        case latencyMs, refreshHz
    }

    /// Decodes the device, taking the default for every missing key.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = DeviceLatency()
        latencyMs = try c.decodeIfPresent(Double.self, forKey: .latencyMs) ?? d.latencyMs
        refreshHz = try c.decodeIfPresent(Double.self, forKey: .refreshHz) ?? d.refreshHz
    }

    /// One refresh period of the device's display (ms).
    public var frameMs: Double { 1000 / refreshHz }

    /// Problems, one line each: the latency must be a number ≥ 0, the rate positive (both
    /// finite, the rate at most 1000 Hz).
    public var problems: [String] {
        var out: [String] = []
        if !(latencyMs >= 0 && latencyMs.isFinite) { out.append("device.latencyMs must be a number ≥ 0, got \(latencyMs)") }
        if !(refreshHz > 0 && refreshHz <= 1000) { out.append("device.refreshHz must be in (0, 1000], got \(refreshHz)") }
        return out
    }
}
