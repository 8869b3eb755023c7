/// Derives an ``AttributedSample``'s speed and heading from the samples before it, in stroke
/// order: what a stage that only sees one sample at a time needs to know about the pen's
/// motion.
///
/// For a sample p_i at time t_i after p_{i−1} at t_{i−1}, with d = p_i − p_{i−1}:
/// - speed = |d| / (t_i − t_{i−1}) when t_i > t_{i−1}; with a repeated timestamp (real tablets
///   produce them) the previous speed is kept rather than dividing by zero;
/// - heading = d / |d| when the pen moved; a sample at the same place keeps the previous
///   heading;
/// - the first sample of a stroke has speed 0 and heading (1, 0).
///
/// |d| is √(dx² + dy²), falling back to a scaled hypotenuse when that over- or underflows, so
/// coordinates of 10²⁰⁰ still give a finite speed. O(1) per sample, no allocation, no
/// trigonometry.
public struct SampleKinematics: Hashable, Sendable {
    @usableFromInline var previous: Point = .zero
    @usableFromInline var previousTime: Double = 0
    @usableFromInline var speed: Double = 0
    @usableFromInline var heading = Vector(dx: 1, dy: 0)
    @usableFromInline var started = false

    /// A tracker at the start of a stroke.
    @inlinable public init() {}

    /// Forgets the previous stroke.
    public mutating func reset() {
        started = false
        speed = 0
        heading = Vector(dx: 1, dy: 0)
    }

    /// Returns `touch` with its speed and heading, and remembers it.
    @inlinable @inline(__always)
    public mutating func attribute(_ touch: TouchSample) -> AttributedSample {
        update(location: touch.location, time: touch.time)
        return AttributedSample(touch, speed: speed, heading: heading)
    }

    /// Recomputes `sample`'s speed and heading from the previous one (for stages that move
    /// samples, such as filters), and remembers it.
    @inlinable
    public mutating func reattribute(_ sample: inout AttributedSample) {
        update(location: sample.location, time: sample.time)
        sample.speed = speed
        sample.heading = heading
    }

    @inlinable @inline(__always)
    mutating func update(location: Point, time: Double) {
        if started {
            let dx = location.x - previous.x, dy = location.y - previous.y
            if dx != 0 || dy != 0 {
                let squared = dx * dx + dy * dy
                let length = squared.isNormal && squared.isFinite ? squared.squareRoot() : Vector(dx: dx, dy: dy).length
                if length > 0, length.isFinite {
                    heading = Vector(dx: dx / length, dy: dy / length)
                }
                let dt = time - previousTime
                if dt > 0 { speed = length / dt }
            } else if time > previousTime {
                speed = 0
            }
        } else {
            started = true
            speed = 0
            heading = Vector(dx: 1, dy: 0)
        }
        previous = location
        previousTime = time
    }
}
