import TestSupport
import StreamCore
import Testing

@Suite struct BindToSubjectTests {
    @Test func forwardsElementsButNotCompletionIntoASubject() {
        let source = PassthroughSubject<Int, Never>()
        let target = PassthroughSubject<Int, TestError>()
        let recorder = Recorder<Int, TestError>()
        _ = target.observe(with: recorder.observer)
        source.bind(to: target)
        source.send(1)
        source.send(2)
        source.send(completion: .finished)
        #expect(recorder.events == [.next(1), .next(2)])
        #expect(source.observerCount == 0)
    }

    @Test func holdsTheSubjectWeakly() {
        let source = PassthroughSubject<Int, Never>()
        var target: PassthroughSubject<Int, Never>? = PassthroughSubject()
        let weakTarget = WeakRef(target!)
        let binding = source.bind(to: target!)
        target = nil
        #expect(weakTarget.object == nil)
        source.send(1)  // dropped, nothing to deliver to
        binding.dispose()
        #expect(source.observerCount == 0)
    }

    @Test func bindsIntoAReplaySubject() {
        let target = ReplaySubject<Int, Never>(bufferSize: 2)
        SafeSignal.sequence([1, 2, 3]).bind(to: target)
        let recorder = Recorder<Int, Never>()
        _ = target.observe(with: recorder.observer)
        #expect(recorder.events == [.next(2), .next(3)])
    }

    @Test func setsAPropertyUntilItIsDeallocated() {
        let source = PassthroughSubject<String, Never>()
        var property: Property<String>? = Property("")
        let weakProperty = WeakRef(property!)
        source.bind(to: property!)
        source.send("a")
        #expect(property?.value == "a")
        property = nil
        #expect(weakProperty.object == nil)
        #expect(source.observerCount == 0)
    }

    @Test func disposingAPropertyBindingStopsIt() {
        let source = PassthroughSubject<Int, Never>()
        let property = Property(0)
        let binding = source.bind(to: property)
        source.send(1)
        binding.dispose()
        source.send(2)
        #expect(property.value == 1)
        #expect(source.observerCount == 0)
    }

    @Test func bidirectionalBindingSyncsBothWaysWithoutFeedback() {
        let left = Property("left")
        let right = Property("right")
        let leftLog = LockedLog<String>()
        let rightLog = LockedLog<String>()
        _ = left.observeNext { leftLog.append($0) }
        _ = right.observeNext { rightLog.append($0) }
        let binding = left.bidirectionalBind(to: right)
        #expect(right.value == "left")
        left.value = "a"
        #expect(right.value == "a")
        right.value = "b"
        #expect(left.value == "b")
        // Each change is delivered once per property: no echo, no loop.
        #expect(leftLog.values == ["left", "a", "b"])
        #expect(rightLog.values == ["right", "left", "a", "b"])

        binding.dispose()
        left.value = "c"
        #expect(right.value == "b")
    }

    @Test func bidirectionalBindingDoesNotRetainEitherProperty() {
        var left: Property<Int>? = Property(1)
        let right = Property(2)
        let weakLeft = WeakRef(left!)
        left!.bidirectionalBind(to: right)
        #expect(right.value == 1)
        left = nil
        #expect(weakLeft.object == nil)
        right.value = 3  // nothing to copy to any more
        #expect(right.value == 3)
    }
}
