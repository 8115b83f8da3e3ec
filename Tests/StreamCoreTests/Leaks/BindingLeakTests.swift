import TestSupport
import StreamCore
import Testing

/// Bindings leave no observation or subject observer behind once disposed, once their target
/// goes away, or once both properties of a bidirectional binding go away.
@Suite struct BindingLeakTests {
    @Test func aDisposedBindingToAPropertyOrSubjectLeavesNothing() {
        let source = PassthroughSubject<Int, Never>()
        let property = Property(0)
        let subject = ReplaySubject<Int, Never>(bufferSize: 1)
        expectNoLeaks {
            let intoProperty = source.bind(to: property)
            let intoSubject = source.bind(to: subject)
            source.send(1)
            intoProperty.dispose()
            intoSubject.dispose()
        }
        #expect(property.value == 1)
        #expect(source.observerCount == 0)
    }

    @Test func aBindingEndsWhenItsTargetGoesAway() {
        let source = PassthroughSubject<Int, Never>()
        weak var weakTarget: Property<Int>?
        expectNoLeaks {
            let target = Property(0)
            weakTarget = target
            _ = source.bind(to: target)
            source.send(1)
        }
        #expect(weakTarget == nil)
        source.send(2)  // the binding notices its target is gone and ends
        #expect(source.observerCount == 0)
    }

    @Test func aBidirectionalBindingLeavesNothingWhenDisposedOrWhenThePropertiesGo() {
        weak var weakLeft: Property<String>?
        weak var weakRight: Property<String>?
        expectNoLeaks {
            let left = Property("a")
            let right = Property("b")
            weakLeft = left
            weakRight = right
            let binding = left.bidirectionalBind(to: right)
            right.value = "c"
            #expect(left.value == "c")
            binding.dispose()
        }
        expectNoLeaks {
            let left = Property("a")
            let right = Property("b")
            _ = left.bidirectionalBind(to: right)
            left.value = "d"
        }
        #expect(weakLeft == nil)
        #expect(weakRight == nil)
    }
}
