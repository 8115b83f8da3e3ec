// The package's only manual reference counting and its only reads of references at +0. Every
// `Unmanaged` and `_withUnsafeGuaranteedRef` in Sources/ lives in the two types below, each with
// the invariant it relies on written on it and checked in debug builds.

/// A run of class references in storage its owner keeps alive, read at +0: no retain and no
/// release per read.
///
/// Sound only while the owner neither frees nor replaces the storage, nor changes the slot being
/// read, until the callback returns. The store's middleware links and a subject's observer slots
/// hold: only the role holder changes them, and it is the walker. Debug builds check that every
/// element read is an `Object` (or empty), and ``assertUnchanged(_:)`` checks, after the
/// callbacks, that the owner's storage still has the base address and count the walk began with.
@usableFromInline
package struct _UnsafeBorrowedReferences<Object: AnyObject> {
    @usableFromInline let base: UnsafeRawPointer?
    /// The number of elements.
    @usableFromInline package let count: Int
    /// Every element is one reference wide (checked in `init`).
    @usableFromInline static var stride: Int { MemoryLayout<Unmanaged<Object>>.stride }

    /// Views `buffer`, whose elements are references, or optional references, to objects that are
    /// all `Object`s (`Element` may be a superclass of `Object`).
    @inlinable
    package init<Element>(_ buffer: UnsafeBufferPointer<Element>, of type: Object.Type) {
        self.init(start: buffer.baseAddress, count: buffer.count, of: type)
    }

    /// Views `count` elements from `start`, as ``init(_:of:)`` does.
    @inlinable
    package init<Element>(start: UnsafePointer<Element>?, count: Int, of _: Object.Type) {
        assert(
            MemoryLayout<Element>.stride == Self.stride && MemoryLayout<Element>.size == Self.stride,
            "_UnsafeBorrowedReferences: \(Element.self) is not a class reference")
        base = UnsafeRawPointer(start)
        self.count = count
        #if DEBUG
        let stride = Self.stride
        for index in 0..<count {
            if let address = base?.load(fromByteOffset: index &* stride, as: UnsafeRawPointer?.self) {
                let object = Unmanaged<AnyObject>.fromOpaque(address).takeUnretainedValue()
                assert(object is Object, "_UnsafeBorrowedReferences: an element is not a \(Object.self)")
            }
        }
        #endif
    }

    /// Calls `body` with the reference at `index`, which is not empty (the storage holds
    /// references, not optional ones), borrowed for the call.
    @inlinable
    @inline(__always)
    package func withReference<R>(at index: Int, _ body: (Object) throws -> R) rethrows -> R {
        assert(index >= 0 && index < count, "_UnsafeBorrowedReferences: index \(index) out of 0..<\(count)")
        let reference = base.unsafelyUnwrapped.load(fromByteOffset: index &* Self.stride, as: Unmanaged<Object>.self)
        return try reference._withUnsafeGuaranteedRef(body)
    }

    /// Calls `body` with the reference at `index`, borrowed for the call; `nil` for an empty slot.
    @inlinable
    @inline(__always)
    package func withReferenceIfAny<R>(at index: Int, _ body: (Object) throws -> R) rethrows -> R? {
        assert(index >= 0 && index < count, "_UnsafeBorrowedReferences: index \(index) out of 0..<\(count)")
        guard let base, let reference = base.load(fromByteOffset: index &* Self.stride, as: Unmanaged<Object>?.self)
        else { return nil }
        return try reference._withUnsafeGuaranteedRef(body)
    }

    /// Debug builds: traps unless `current` (the owner's storage now: base address and count)
    /// is the storage this view was made from. Call it after callbacks that run user code.
    @inlinable
    package func assertUnchanged(_ current: @autoclosure () -> (base: UnsafeRawPointer?, count: Int)) {
        #if DEBUG
        let now = current()
        precondition(
            now.base == base && now.count == count,
            "_UnsafeBorrowedReferences: the storage changed during the walk (\(count) → \(now.count) elements)")
        #endif
    }
}

/// A reference whose count is managed by hand: a +1 the holder releases once (``init(retaining:)``
/// and ``release()``), or a pointer to an object something else keeps alive
/// (``init(unretained:)``, ``init(opaque:)``), for a thread-local slot.
///
/// Debug builds keep a weak reference beside it and trap when the object is used after it was
/// freed (a release too many, or an owner that let go too early); a reference made from an opaque
/// pointer has nothing to check against.
@usableFromInline
package struct _UnsafeReference<Object: AnyObject> {
    @usableFromInline let unmanaged: Unmanaged<Object>
    #if DEBUG
    @usableFromInline weak var debugObject: Object?
    @usableFromInline let debugTracked: Bool
    #endif

    @inlinable
    init(_ unmanaged: Unmanaged<Object>, tracking object: Object?) {
        self.unmanaged = unmanaged
        #if DEBUG
        debugObject = object
        debugTracked = object != nil
        #endif
    }

    /// Retains `object`; the holder calls ``release()`` exactly once.
    @inlinable
    package init(retaining object: Object) {
        self.init(.passRetained(object), tracking: object)
    }

    /// Refers to `object` without retaining it; the caller keeps it alive while this is used.
    @inlinable
    package init(unretained object: Object) {
        self.init(.passUnretained(object), tracking: object)
    }

    /// Refers to the object behind `opaque` (from ``opaque``), without retaining it.
    @inlinable
    package init(opaque: UnsafeRawPointer) {
        self.init(.fromOpaque(opaque), tracking: nil)
    }

    /// The object's address, for a thread-local slot.
    @inlinable
    package var opaque: UnsafeRawPointer { UnsafeRawPointer(unmanaged.toOpaque()) }

    /// The object, retained for the caller.
    @inlinable
    package var object: Object {
        assertAlive()
        return unmanaged.takeUnretainedValue()
    }

    /// Calls `body` with the object borrowed at +0 (no retain and release around the call).
    @inlinable
    package func withObject<R>(_ body: (Object) throws -> R) rethrows -> R {
        assertAlive()
        return try unmanaged._withUnsafeGuaranteedRef(body)
    }

    /// Gives back the +1 of ``init(retaining:)``.
    @inlinable
    package func release() {
        assertAlive()
        unmanaged.release()
    }

    @inlinable
    func assertAlive() {
        #if DEBUG
        precondition(!debugTracked || debugObject != nil, "_UnsafeReference: \(Object.self) used after it was freed")
        #endif
    }
}
