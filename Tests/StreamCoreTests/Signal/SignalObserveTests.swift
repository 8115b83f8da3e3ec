import TestSupport
import StreamCore
import Testing

@Suite struct SignalObserveTests {
    @Test func observeNextFailedCompletedSeeTheirEventsOnly() {
        let subject = PassthroughSubject<Int, TestError>()
        let nexts = Box<[Int]>([])
        let failures = Box<[TestError]>([])
        let completions = Box(0)
        subject.observeNext { value in nexts.mutate { $0.append(value) } }
        subject.observeFailed { error in failures.mutate { $0.append(error) } }
        subject.observeCompleted { completions.mutate { $0 += 1 } }
        subject.send(1)
        subject.send(completion: .failure(.boom))
        #expect(nexts.value == [1])
        #expect(failures.value == [.boom])
        #expect(completions.value == 0)
        let other = PassthroughSubject<Int, TestError>()
        other.observeCompleted { completions.mutate { $0 += 1 } }
        other.send(completion: .finished)
        #expect(completions.value == 1)
    }

    @Test func sinkReceivesValuesAndCompletion() {
        let values = Box<[Int]>([])
        let completion = Box<Subscribers.Completion<TestError>?>(nil)
        let cancellable = Signal<Int, TestError>.sequence([1, 2]).sink(
            receiveCompletion: { value in completion.mutate { $0 = value } },
            receiveValue: { value in values.mutate { $0.append(value) } })
        #expect(values.value == [1, 2])
        #expect(completion.value == .finished)
        cancellable.dispose()
        let failing = Box<Subscribers.Completion<TestError>?>(nil)
        _ = Signal<Int, TestError>.failed(.boom).sink(
            receiveCompletion: { value in failing.mutate { $0 = value } }, receiveValue: { _ in })
        #expect(failing.value == .failure(.boom))
    }

    @Test func safeSinkTakesOnlyValues() {
        let values = Box<[Int]>([])
        _ = Signal<Int, Never>.sequence([3]).sink { value in values.mutate { $0.append(value) } }
        #expect(values.value == [3])
    }
}
