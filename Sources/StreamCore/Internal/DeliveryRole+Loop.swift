extension DeliveryRole {
    /// Whether nothing is queued: for an engine that keeps its oldest item in a slot of its own
    /// while the queue is empty (FeedbackLoop's `LoopEngine`, whose synchronous loop has one
    /// event per state), so that the common case never touches the queue.
    @inlinable @inline(__always)
    package var isQueueEmpty: Bool { queue.isEmpty }
}
