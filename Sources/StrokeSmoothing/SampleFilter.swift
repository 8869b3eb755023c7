import StrokeCore

/// An input filter: transforms each sample before the interpolator sees it (a 1€ filter,
/// a moving average). One sample in, one sample out, in order.
///
/// Conformers are value types with fixed-size state; ``filter(_:)`` must not allocate.
public protocol SampleFilter: Sendable {
    /// Forgets everything about the previous stroke.
    mutating func reset()
    /// Returns the filtered sample. Filters change positions (and possibly other channels),
    /// never the timestamp.
    mutating func filter(_ sample: TouchSample) -> TouchSample
}

/// The filter that changes nothing: what a pipeline without filters runs.
public struct IdentityFilter: SampleFilter {
    /// Creates the identity filter.
    public init() {}
    /// Nothing to forget.
    @inlinable public mutating func reset() {}
    /// Returns `sample` unchanged.
    @inlinable public mutating func filter(_ sample: TouchSample) -> TouchSample { sample }
}

/// Two filters in sequence: `first`, then `second`.
public struct FilterChain<First: SampleFilter, Second: SampleFilter>: SampleFilter {
    /// The filter applied first.
    public var first: First
    /// The filter applied to `first`'s output.
    public var second: Second

    /// Chains two filters.
    public init(_ first: First, _ second: Second) {
        self.first = first
        self.second = second
    }

    /// Resets both filters.
    @inlinable public mutating func reset() {
        first.reset()
        second.reset()
    }

    /// `second.filter(first.filter(sample))`.
    @inlinable public mutating func filter(_ sample: TouchSample) -> TouchSample {
        second.filter(first.filter(sample))
    }
}
