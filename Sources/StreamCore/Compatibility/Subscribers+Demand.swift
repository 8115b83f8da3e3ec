extension Subscribers {
    /// How many elements a ``Subscriber`` asks for (Combine's `Subscribers.Demand`): a number,
    /// or unlimited.
    ///
    /// ```swift
    /// subscription.request(.max(3))
    /// subscription.request(.unlimited)
    /// ```
    public struct Demand: Sendable, Hashable, CustomStringConvertible {
        /// The number of elements, or `nil` for unlimited.
        public let max: Int?

        private init(_ max: Int?) {
            self.max = max
        }

        /// Every element.
        public static let unlimited = Demand(nil)

        /// No element (or no more than already asked for).
        public static let none = Demand(0)

        /// At most `value` elements; a negative value counts as zero.
        ///
        /// - Parameter value: How many.
        /// - Returns: The demand.
        public static func max(_ value: Int) -> Demand {
            Demand(Swift.max(0, value))
        }

        /// The sum of two demands, unlimited if either is (or if the sum overflows).
        ///
        /// - Parameters:
        ///   - lhs: A demand.
        ///   - rhs: Another demand.
        /// - Returns: Their sum.
        public static func + (lhs: Demand, rhs: Demand) -> Demand {
            guard let left = lhs.max, let right = rhs.max else { return .unlimited }
            let (sum, overflow) = left.addingReportingOverflow(right)
            return overflow ? .unlimited : Demand(sum)
        }

        /// Adds a demand to this one.
        ///
        /// - Parameters:
        ///   - lhs: The demand to add to.
        ///   - rhs: The demand to add.
        public static func += (lhs: inout Demand, rhs: Demand) {
            lhs = lhs + rhs
        }

        /// `"unlimited"` or `"max(n)"`, as Combine prints it.
        public var description: String {
            max.map { "max(\($0))" } ?? "unlimited"
        }
    }
}
