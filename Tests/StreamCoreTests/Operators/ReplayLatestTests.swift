import TestSupport
import StreamCore
import Testing

@Suite struct ReplayLatestTests {
    @Test func replaysTheLatestElementOnEachTrigger() {
        let source = PassthroughSubject<String, Never>()
        let trigger = PassthroughSubject<Void, Never>()
        let recorder = Recorder<String, Never>()
        _ = source.replayLatest(when: trigger).observe(with: recorder.observer)
        trigger.send(())
        source.send("a")
        trigger.send(())
        source.send("b")
        trigger.send(())
        source.send(completion: .finished)
        trigger.send(())
        #expect(recorder.events == [.next("a"), .next("a"), .next("b"), .next("b"), .completed])
        #expect(trigger.observerCount == 0)
    }
}
