import TestSupport
import Dispatch
import StreamCore
import Testing

@Suite struct BindTests {
    @Test func deliversInTheTargetsContext() async {
        let queue = RecordingQueue()
        let label = TestLabel(context: queue.context)
        let source = PassthroughSubject<String, Never>()
        let log = LockedLog<String>()
        source.bind(to: label) { label, text in
            log.append(queue.isCurrent ? "on queue: \(text)" : "elsewhere: \(text)")
            label.text = text
        }
        source.send("a")
        source.send("b")
        source.send("c")
        await drain(queue.queue)
        #expect(log.values == ["on queue: a", "on queue: b", "on queue: c"])
        #expect(label.text == "c")
        #expect(queue.runs.value >= 1)
    }

    @Test func explicitContextIsUsed() async {
        let queue = RecordingQueue()
        let label = TestLabel()  // its own context is .immediate; the explicit one wins
        let log = LockedLog<Bool>()
        SafeSignal.sequence([1, 2]).bind(to: label, context: queue.context) { label, value in
            log.append(queue.isCurrent)
            label.text = "\(value)"
        }
        await drain(queue.queue)
        #expect(log.values == [true, true])
        #expect(label.text == "2")
    }

    @Test func stopsAndReleasesEverythingWhenTheTargetIsDeallocated() async {
        let queue = RecordingQueue()
        let source = PassthroughSubject<Int, Never>()
        let log = LockedLog<Int>()
        var captured: Tracked? = Tracked()
        let weakCaptured = WeakRef(captured!)
        var label: TestLabel? = TestLabel(context: queue.context)
        let weakLabel = WeakRef(label!)
        let binding = source.bind(to: label!) { [captured] _, value in
            _ = captured
            log.append(value)
        }
        captured = nil  // only the setter holds it now
        source.send(1)
        await drain(queue.queue)
        #expect(source.observerCount == 1)

        // The live binding does not keep the target alive.
        label = nil
        #expect(weakLabel.object == nil)
        // Deallocation ends the binding at once: the upstream observation is gone.
        #expect(source.observerCount == 0)
        source.send(2)
        await drain(queue.queue)
        #expect(log.values == [1])
        // The setter (and what it captured) is released once the completion has hopped.
        #expect(await eventually { weakCaptured.object == nil })
        _ = binding
    }

    @Test func elementsQueuedWhenTheTargetGoesAwayAreDropped() async {
        let queue = RecordingQueue()
        let source = PassthroughSubject<Int, Never>()
        let log = LockedLog<Int>()
        var label: TestLabel? = TestLabel(context: queue.context)
        source.bind(to: label!) { _, value in log.append(value) }
        queue.queue.suspend()
        source.send(1)
        label = nil
        queue.queue.resume()
        await drain(queue.queue)
        #expect(log.values.isEmpty)
        #expect(source.observerCount == 0)
    }

    @Test func disposingTheBindingEndsItEarly() {
        let source = PassthroughSubject<Int, Never>()
        let label = TestLabel()
        let binding = source.bind(to: label) { label, value in label.text = "\(value)" }
        source.send(1)
        binding.dispose()
        source.send(2)
        #expect(label.text == "1")
        #expect(source.observerCount == 0)
    }

    @Test func bindsThroughAKeyPath() async {
        let queue = RecordingQueue()
        let label = TestLabel(context: queue.context)
        let source = PassthroughSubject<String, Never>()
        source.bind(to: label, keyPath: \.text)
        source.send("Jim")
        source.send("Kathryn")
        await drain(queue.queue)
        #expect(label.text == "Kathryn")
    }

    @Test func keyPathBindingDoesNotRetainTheTarget() {
        let source = PassthroughSubject<String, Never>()
        var label: TestLabel? = TestLabel()
        let weakLabel = WeakRef(label!)
        source.bind(to: label!, keyPath: \.text)
        source.send("a")
        #expect(label?.text == "a")
        label = nil
        #expect(weakLabel.object == nil)
        #expect(source.observerCount == 0)
    }

    @Test func sourceCompletionEndsTheBindingWithoutTouchingTheTarget() {
        let source = PassthroughSubject<Int, Never>()
        let label = TestLabel()
        let binding = source.bind(to: label) { label, value in label.text = "\(value)" }
        source.send(1)
        source.send(completion: .finished)
        #expect(label.text == "1")
        #expect(source.observerCount == 0)
        _ = binding
    }

    @Test func reentrantSendsFromTheSetterAreQueuedInOrder() {
        let source = PassthroughSubject<Int, Never>()
        let label = TestLabel()
        let log = LockedLog<String>()
        source.bind(to: label) { label, value in
            log.append("start \(value)")
            label.text = "\(value)"
            if value < 3 { source.send(value + 1) }
            log.append("end \(value)")
        }
        source.send(1)
        #expect(log.values == ["start 1", "end 1", "start 2", "end 2", "start 3", "end 3"])
        #expect(label.text == "3")
    }

    @Test func concurrentSendsWhileTheTargetIsDeallocated() async {
        for _ in 0..<50 {
            let queue = RecordingQueue()
            let source = PassthroughSubject<Int, Never>()
            let overlaps = OverlapDetector()
            let holder = Box<TestLabel?>(TestLabel(context: queue.context))
            source.bind(to: holder.value!) { label, value in
                overlaps.enter()
                label.text = "\(value)"
                overlaps.leave()
            }
            runConcurrently { index in
                if index == 0 {
                    holder.mutate { $0 = nil }
                } else {
                    for value in 0..<50 { source.send(value) }
                }
            }
            await drain(queue.queue)
            #expect(source.observerCount == 0)
            #expect(overlaps.overlapCount == 0)
        }
    }
}
