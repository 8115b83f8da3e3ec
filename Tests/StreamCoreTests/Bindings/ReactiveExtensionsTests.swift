import TestSupport
import StreamCore
import Testing

private final class Counter: ReactiveExtensionsProvider, Sendable {
    fileprivate let subject = PassthroughSubject<Int, Never>()
    static let created = PassthroughSubject<Void, Never>()
}

extension ReactiveExtensions where Base: Counter {
    fileprivate var count: SafeSignal<Int> { base.subject.toSignal() }
}

extension ReactiveExtensions where Base == Counter.Type {
    fileprivate var created: SafeSignal<Void> { Counter.created.toSignal() }
}

@Suite struct ReactiveExtensionsTests {
    @Test func instanceExtensionsAreReachedThroughReactive() {
        let counter = Counter()
        let recorder = Recorder<Int, Never>()
        _ = counter.reactive.count.observe(with: recorder.observer)
        counter.subject.send(1)
        #expect(recorder.events == [.next(1)])
        #expect(counter.reactive.base === counter)
    }

    @Test func staticExtensionsAreReachedThroughTheType() {
        let recorder = Recorder<Void, Never>()
        let observation = Counter.reactive.created.observe(with: recorder.observer)
        Counter.created.send()
        #expect(recorder.events.count == 1)
        observation.dispose()
    }

    @Test func wrapsAnyValue() {
        #expect(Reactive(42).base == 42)
    }
}
