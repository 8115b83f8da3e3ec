@testable import StreamCore
import Testing

#if DEBUG
/// Debug builds check the invariants the two `_Unsafe` types rely on, and trap naming them: a
/// walk whose owner replaced its storage during a callback, an element that is not of the walked
/// type, and a hand-counted reference used after it was freed. Each case runs in a child process
/// (an exit test) that must crash with the message; the last test shows that correct use does not
/// trap, so the others cannot pass by crashing anyway.
@Suite struct UnsafeReferencesMisuseTests {
    @Test func aWalkWhoseStorageIsReplacedDuringACallbackTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let owner = LinkOwner(count: 3)
            let links = _UnsafeBorrowedReferences(owner.buffer, of: Link.self)
            for index in 0..<links.count {
                // The callback replaces the owner's storage, as a chain installed mid-walk would.
                links.withReference(at: index) { _ in owner.replace(count: 2) }
                links.assertUnchanged((UnsafeRawPointer(owner.buffer.baseAddress), owner.buffer.count))
            }
        }
        #expect(result?.standardErrorText.contains("the storage changed during the walk (3 → 2 elements)") == true)
    }

    @Test func anElementOfAnotherTypeTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let objects: [AnyObject] = [Link(), Other()]
            objects.withUnsafeBufferPointer { buffer in
                _ = _UnsafeBorrowedReferences(buffer, of: Link.self)
            }
        }
        #expect(result?.standardErrorText.contains("an element is not a Link") == true)
    }

    @Test func aReferenceUsedAfterItsReleaseTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let reference = _UnsafeReference(retaining: Link())
            reference.release()
            reference.withObject { _ in }
        }
        #expect(result?.standardErrorText.contains("_UnsafeReference: Link used after it was freed") == true)
    }

    @Test func correctUseDoesNotTrap() async {
        await #expect(processExitsWith: .success) {
            let owner = LinkOwner(count: 3)
            let links = _UnsafeBorrowedReferences(owner.buffer, of: Link.self)
            var visited = 0
            for index in 0..<links.count {
                links.withReference(at: index) { _ in visited += 1 }
                links.assertUnchanged((UnsafeRawPointer(owner.buffer.baseAddress), owner.buffer.count))
            }
            let slots: [Link?] = [Link(), nil, Link()]
            slots.withUnsafeBufferPointer { buffer in
                let walk = _UnsafeBorrowedReferences(buffer, of: Link.self)
                #expect(walk.withReferenceIfAny(at: 1) { _ in 1 } == nil)
                #expect(walk.withReferenceIfAny(at: 2) { _ in 1 } == 1)
            }
            let link = Link()
            let reference = _UnsafeReference(retaining: link)
            reference.withObject { #expect($0 === link) }
            #expect(_UnsafeReference<Link>(opaque: reference.opaque).object === link)
            reference.release()
            #expect(visited == 3)
        }
    }
}

private final class Link {}

private final class Other {}

/// Owns a hand-allocated run of links, like the store's middleware chain.
private final class LinkOwner {
    private(set) var buffer: UnsafeBufferPointer<Link>

    init(count: Int) {
        buffer = Self.allocate(count)
    }

    deinit {
        UnsafeMutablePointer(mutating: buffer.baseAddress)?.deinitialize(count: buffer.count).deallocate()
    }

    func replace(count: Int) {
        buffer = Self.allocate(count)  // the old run leaks: the child process ends at the trap
    }

    private static func allocate(_ count: Int) -> UnsafeBufferPointer<Link> {
        let storage = UnsafeMutablePointer<Link>.allocate(capacity: count)
        storage.initialize(repeating: Link(), count: count)
        return UnsafeBufferPointer(start: storage, count: count)
    }
}
#endif
