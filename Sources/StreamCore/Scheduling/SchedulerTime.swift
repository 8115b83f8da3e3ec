/// An instant on a scheduler's clock: the time elapsed since that scheduler's origin.
///
/// Each scheduler picks its own origin (a dispatch queue uses the system's monotonic uptime, a
/// virtual-time scheduler its start), so instants are only comparable between readings of the
/// same scheduler. Intervals between instants are `Duration`s.
///
/// ```swift
/// let start = scheduler.now
/// let deadline = start + .seconds(5)
/// deadline - start            // .seconds(5)
/// deadline > start            // true
/// ```
///
/// See `Docs/Decisions/0005-scheduler.md` for why this is one concrete type rather than an
/// associated type of ``Scheduler``.
public struct SchedulerTime: InstantProtocol, Sendable {
    /// The time elapsed since the scheduler's origin.
    public var offset: Duration

    /// Creates the instant `offset` after the scheduler's origin.
    ///
    /// ```swift
    /// SchedulerTime(offset: .seconds(3))   // three seconds after the origin
    /// ```
    ///
    /// - Parameter offset: The time since the origin; may be negative for instants before it.
    public init(offset: Duration) {
        self.offset = offset
    }

    /// The scheduler's origin.
    public static let zero = SchedulerTime(offset: .zero)

    /// The instant `duration` after this one (before it, for a negative duration).
    ///
    /// ```swift
    /// SchedulerTime.zero.advanced(by: .seconds(2))   // SchedulerTime(offset: .seconds(2))
    /// ```
    ///
    /// - Parameter duration: How far to move.
    /// - Returns: The moved instant.
    public func advanced(by duration: Duration) -> SchedulerTime {
        SchedulerTime(offset: offset + duration)
    }

    /// The duration from this instant to `other`; negative when `other` is earlier.
    ///
    /// ```swift
    /// SchedulerTime.zero.duration(to: SchedulerTime(offset: .seconds(2)))   // .seconds(2)
    /// ```
    ///
    /// - Parameter other: The later (or earlier) instant.
    /// - Returns: `other - self`.
    public func duration(to other: SchedulerTime) -> Duration {
        other.offset - offset
    }

    /// Whether `lhs` comes before `rhs`.
    public static func < (lhs: SchedulerTime, rhs: SchedulerTime) -> Bool {
        lhs.offset < rhs.offset
    }

    /// The instant `rhs` after `lhs`.
    ///
    /// ```swift
    /// scheduler.now + .milliseconds(300)
    /// ```
    public static func + (lhs: SchedulerTime, rhs: Duration) -> SchedulerTime {
        lhs.advanced(by: rhs)
    }

    /// The instant `rhs` before `lhs`.
    public static func - (lhs: SchedulerTime, rhs: Duration) -> SchedulerTime {
        lhs.advanced(by: .zero - rhs)
    }

    /// The duration from `rhs` to `lhs`.
    ///
    /// ```swift
    /// let elapsed = scheduler.now - start
    /// ```
    public static func - (lhs: SchedulerTime, rhs: SchedulerTime) -> Duration {
        rhs.duration(to: lhs)
    }
}

extension SchedulerTime: CustomStringConvertible {
    /// The offset from the origin, as `Duration` prints it (for example `"1.5 seconds"`).
    public var description: String {
        offset.description
    }
}
