/// Reads a fuzzer's input as a stream of small choices; past the end every read is zero.
public struct ByteReader {
    private let bytes: [UInt8]
    private var index = 0

    /// Wraps the fuzzer's input.
    public init(_ start: UnsafePointer<UInt8>?, _ count: Int) {
        bytes = start.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
    }

    /// Whether every byte has been read.
    public var isAtEnd: Bool { index >= bytes.count }

    /// The next byte.
    public mutating func next() -> UInt8 {
        guard index < bytes.count else { return 0 }
        defer { index += 1 }
        return bytes[index]
    }

    /// The next byte, reduced to `0..<bound` (`bound` > 0).
    public mutating func next(below bound: Int) -> Int {
        Int(next()) % bound
    }
}

/// Stops the fuzzer with a message when an invariant fails: a crash libFuzzer records with its
/// input.
public func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() {
        fatalError("invariant failed: \(message())")
    }
}
