import Foundation

/// How a new collection differs from the one a for-each scope shows.
@usableFromInline
enum ElementChanges<Element> {
    /// The same elements: nothing to hand to the children.
    case none
    /// The same identifiers in the same order; these elements (and only these) may differ.
    case contents([Element])
    /// Elements came, went or moved, or the collection cannot be compared in place: the
    /// children are reconciled one by one (O(n)).
    case identifiers
}

/// Compares a new collection with the shown one without calling any user code on unchanged
/// elements, so that a change to one element of n costs O(1) calls and O(n) byte comparisons
/// (the memory scan `memcmp` does, about one instruction per 16 bytes).
///
/// An element whose bytes are the same in both collections is the same value: the shown
/// collection still holds it, so the storage its references lead to is shared and a copy-on-write
/// value in it cannot have changed in place (a class instance it references may have, but its
/// identity, which is what a value holding it carries, has not). Elements whose bytes differ are
/// compared by `id` and returned; padding or equal contents in new storage only make an element
/// "differ" spuriously, which costs its child one comparison of the fields its views read.
///
/// - Returns: `.none` when `new` shares `old`'s storage or every element is bitwise the same,
///   `.contents` with the differing elements when they keep their identifiers and positions,
///   `.identifiers` otherwise (also for collections without contiguous storage).
@usableFromInline
func elementChanges<Elements: RandomAccessCollection>(
    from old: Elements,
    to new: Elements
) -> ElementChanges<Elements.Element> where Elements.Element: Identifiable {
    if sharesStorage(old, new) { return .none }
    guard old.count == new.count else { return .identifiers }
    let compared: ElementChanges<Elements.Element>?? = old.withContiguousStorageIfAvailable { before in
        new.withContiguousStorageIfAvailable { after in
            var changed: [Elements.Element] = []
            for index in differingPositions(before, after) {
                guard before[index].id == after[index].id else { return .identifiers }
                changed.append(after[index])
            }
            return changed.isEmpty ? .none : .contents(changed)
        }
    }
    return (compared ?? nil) ?? .identifiers
}

/// The positions whose elements' bytes differ, scanning blocks of elements with `memcmp` and
/// only a differing block element by element.
func differingPositions<Element>(
    _ old: UnsafeBufferPointer<Element>,
    _ new: UnsafeBufferPointer<Element>
) -> [Int] {
    differingElementOffsets(
        UnsafeRawBufferPointer(old), UnsafeRawBufferPointer(new),
        stride: MemoryLayout<Element>.stride, size: MemoryLayout<Element>.size)
}

/// The offsets of the elements whose bytes differ between two buffers of elements of `stride`
/// bytes (`size` of them significant): blocks of `block` elements are compared with one `memcmp`
/// each, and only a differing block element by element (in 8-byte words when the layout allows,
/// else with `memcmp`). Not generic, so that generic callers instantiate no metadata for it.
@usableFromInline
func differingElementOffsets(
    _ old: UnsafeRawBufferPointer, _ new: UnsafeRawBufferPointer, stride: Int, size: Int, block: Int = 64
) -> [Int] {
    guard size > 0, stride > 0, let oldBytes = old.baseAddress, let newBytes = new.baseAddress else { return [] }
    let count = min(old.count, new.count) / stride
    let wordwise = size & 7 == 0 && stride & 7 == 0 && (Int(bitPattern: oldBytes) | Int(bitPattern: newBytes)) & 7 == 0
    var positions: [Int] = []
    var start = 0
    while start < count {
        let end = min(start + block, count)
        let offset = start * stride
        if memcmp(oldBytes + offset, newBytes + offset, (end - start - 1) * stride + size) != 0 {
            for index in start..<end {
                let at = index * stride
                let differs: Bool
                if wordwise {
                    var word = 0
                    while word < size, oldBytes.load(fromByteOffset: at + word, as: UInt64.self) == newBytes.load(fromByteOffset: at + word, as: UInt64.self) {
                        word += 8
                    }
                    differs = word < size
                } else {
                    differs = memcmp(oldBytes + at, newBytes + at, size) != 0
                }
                if differs { positions.append(index) }
            }
        }
        start = end
    }
    return positions
}
