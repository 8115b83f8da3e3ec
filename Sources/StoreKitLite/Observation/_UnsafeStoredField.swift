/// Reads a field of a value through its key path, straight from the field's offset when the key
/// path is a chain of stored properties of structs, else through the key path: how the host
/// reads the fields it compares for every new state (a key path projection runs generic code
/// of the runtime, about ten times the cost of the load).
///
/// The offset is `MemoryLayout<Root>.offset(of:)`'s: it is defined only for inline, directly
/// addressable storage, which is bound to `Value` there, so loading a `Value` at it is sound.
/// This type is the one place the host reads memory through a raw pointer.
@usableFromInline
struct _UnsafeStoredField<Root, Value> {
    @usableFromInline let keyPath: KeyPath<Root, Value>
    /// The field's offset in `Root`, or nil for a computed, optional-chained or class-held field.
    @usableFromInline let offset: Int?

    @inlinable
    init(_ keyPath: KeyPath<Root, Value>) {
        self.keyPath = keyPath
        offset = MemoryLayout<Root>.offset(of: keyPath)
    }

    /// The field's value in `root`.
    @inlinable
    func read(_ root: Root) -> Value {
        guard let offset else { return root[keyPath: keyPath] }
        return Self.read(root, at: offset)
    }

    /// The `Value` at `offset` in `root`, for an offset `MemoryLayout<Root>.offset(of:)` gave for
    /// a key path to a `Value`.
    @inlinable
    static func read(_ root: Root, at offset: Int) -> Value {
        withUnsafePointer(to: root) { pointer in
            UnsafeRawPointer(pointer).advanced(by: offset).assumingMemoryBound(to: Value.self).pointee
        }
    }
}
