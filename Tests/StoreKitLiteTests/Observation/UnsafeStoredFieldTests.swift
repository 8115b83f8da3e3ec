@testable import StoreKitLite
import Testing

/// The host reads stored fields at their offset and everything else through the key path; both
/// give the field's value.
@Suite struct UnsafeStoredFieldTests {
    struct Inner: Equatable {
        var flag = true
        var name = "inner"
    }

    final class Reference {
        var value = 7
    }

    struct Outer {
        var count = 3
        var inner = Inner()
        var optional: Inner? = Inner(flag: false, name: "optional")
        var list = [1, 2, 3]
        let reference = Reference()
        var doubled: Int { count * 2 }
    }

    @Test func storedFieldsAreReadAtTheirOffset() {
        let outer = Outer()
        let count = _UnsafeStoredField(\Outer.count)
        let name = _UnsafeStoredField(\Outer.inner.name)
        let list = _UnsafeStoredField(\Outer.list)
        #expect(count.offset != nil && name.offset != nil && list.offset != nil)
        #expect(count.read(outer) == 3)
        #expect(name.read(outer) == "inner")
        #expect(list.read(outer) == [1, 2, 3])
    }

    @Test func otherFieldsAreReadThroughTheKeyPath() {
        let outer = Outer()
        let doubled = _UnsafeStoredField(\Outer.doubled)
        let optional = _UnsafeStoredField(\Outer.optional?.name)
        let reference = _UnsafeStoredField(\Outer.reference.value)
        #expect(doubled.offset == nil && optional.offset == nil && reference.offset == nil)
        #expect(doubled.read(outer) == 6)
        #expect(optional.read(outer) == "optional")
        #expect(reference.read(outer) == 7)
    }
}
