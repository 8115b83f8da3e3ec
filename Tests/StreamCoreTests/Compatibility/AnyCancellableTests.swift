import TestSupport
import StreamCore
import Testing

@Suite struct AnyCancellableTests {
    @Test func isHashableByIdentityAndCancelsTheWrappedObservation() {
        let subject = PassthroughSubject<Int, Never>()
        let received = Box<[Int]>([])
        var cancellables = Set<AnyCancellable>()
        subject.sink { value in received.mutate { $0.append(value) } }.store(in: &cancellables)
        let cancels = Box(0)
        let first = AnyCancellable { cancels.value += 1 }
        first.store(in: &cancellables)
        first.store(in: &cancellables)
        #expect(cancellables.count == 2)
        #expect(first == first)
        #expect(first != AnyCancellable {})
        subject.send(1)
        cancellables.forEach { $0.cancel() }
        subject.send(2)
        first.cancel()
        #expect(received.value == [1])
        #expect(cancels.value == 1)
        #expect(first.isDisposed)
    }
}
