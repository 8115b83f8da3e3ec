import Foundation

/// How a new collection differs from the one a for-each scope shows.
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
    let count = min(old.count, new.count)
    guard count > 0, let oldBase = old.baseAddress, let newBase = new.baseAddress else { return [] }
    let (stride, size) = (MemoryLayout<Element>.stride, MemoryLayout<Element>.size)
    guard size > 0 else { return [] }
    let (oldBytes, newBytes) = (UnsafeRawPointer(oldBase), UnsafeRawPointer(newBase))
    let block = 64
    var positions: [Int] = []
    var start = 0
    while start < count {
        let end = min(start + block, count)
        let offset = start * stride
        if memcmp(oldBytes + offset, newBytes + offset, (end - start - 1) * stride + size) != 0 {
            for index in start..<end where memcmp(oldBytes + index * stride, newBytes + index * stride, size) != 0 {
                positions.append(index)
            }
        }
        start = end
    }
    return positions
}
