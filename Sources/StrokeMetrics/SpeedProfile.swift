import StrokeCore
import StrokeSmoothing

/// The speed of what a pipeline shows over time: the rendered tip (end of committed +
/// provisional + predicted path, `ReplayFrame.tip`) sampled at every display refresh of
/// the ``DisplayTimeline``, differentiated.
///
/// Why the rendered tip: kinematic smoothness is about the motion the user *sees* — the
/// growing end of the ink. The committed path's growth would ignore provisional tails and
/// predictions, which are exactly where a predictor's jitter and an interpolator's bursts
/// (bezier4 commits three samples at once) show. Sampling at refreshes gives the uniform
/// rate SPARC and LDLJ need, with held frames (stalls) contributing zero speed, as on screen.
///
/// speedⱼ = ‖tip(Tⱼ₊₁) − tip(Tⱼ)‖ · refresh, in units/s, from the first refresh with a tip
/// to the refresh that shows the final frame. Fewer than two tipped refreshes give an empty
/// profile. O(ticks).
public enum SpeedProfile {
    /// The tip speed profile of `replay` at `refreshRateHz` (units/s, one value per refresh interval).
    public static func of(replay: StrokeReplay, refreshRateHz: Double, latencyFrames: Double) -> [Double] {
        let timeline = DisplayTimeline(frames: replay.frames, refreshRateHz: refreshRateHz, latencyFrames: latencyFrames)
        var speeds: [Double] = []
        speeds.reserveCapacity(timeline.ticks.count)
        var previous: Point? = nil
        for tick in timeline.ticks {
            guard let tip = replay.frames[tick.frame].tip else { continue }
            if let p = previous { speeds.append(p.distance(to: tip) * refreshRateHz) }
            previous = tip
        }
        return speeds
    }
}
