import TestSupport
import StreamCore
import Testing

@Suite struct PropertyTests {
    /// Each test runs on a fresh instance: what a test observes is disposed when it ends.
    private let bag = DisposeBag()

    @Test func observersReceiveTheCurrentValueThenChanges() {
        let name = Property("Jim")
        let recorder = Recorder<String, Never>()
        _ = name.observe(with: recorder.observer)
        name.value = "Jim Kirk"
        #expect(recorder.elements == ["Jim", "Jim Kirk"])
        #expect(name.value == "Jim Kirk")
    }

    @Test func optionalPropertyHoldsNil() {
        let user = Property<String?>(nil)
        let recorder = Recorder<String?, Never>()
        _ = user.observe(with: recorder.observer)
        user.value = "a"
        user.value = nil
        #expect(recorder.elements == [nil, "a", nil])
        #expect(user.value == nil)
    }

    @Test func settingFromInsideAnObserverIsQueuedNotRecursive() {
        defer { bag.dispose() }  // handlers below capture what they observe: end them with the test
        let counter = Property(0)
        let log = Box<[Int]>([])
        bag += counter.observeNext { value in
            log.mutate { $0.append(value) }
            if value < 3 { counter.value = value + 1 }
            // A read inside the observer sees the newest write.
            #expect(counter.value == min(value + 1, 3))
        }
        #expect(log.value == [0, 1, 2, 3])
        #expect(counter.value == 3)
    }

    @Test func concurrentWritersLeaveTheLastDeliveredValueAsTheValue() {
        for _ in 0..<10 {
            let property = Property([-1, -1])
            let perThread = Box<[Int: [Int]]>([:])
            let last = Box([-1, -1])
            property.observeNext { pair in
                last.mutate { $0 = pair }
                if pair[0] >= 0 { perThread.mutate { $0[pair[0], default: []].append(pair[1]) } }
            }
            runConcurrently { thread in
                for index in 0..<500 { property.value = [thread, index] }
            }
            #expect(property.value == last.value)
            for thread in 0..<8 {
                #expect(perThread.value[thread] == Array(0..<500))
            }
        }
    }

    @Test func deinitCompletesObservers() {
        var property: Property<Int>? = Property(1)
        let recorder = Recorder<Int, Never>()
        _ = property!.observe(with: recorder.observer)
        property = nil
        #expect(recorder.events == [.next(1), .completed])
    }

    @Test func terminalEventsSentToAPropertyAreIgnored() {
        let property = Property(1)
        property.on(.completed)
        property.value = 2
        let recorder = Recorder<Int, Never>()
        _ = property.observe(with: recorder.observer)
        #expect(recorder.elements == [2])
        #expect(!recorder.isTerminated)
    }

    @Test func readOnlyViewReadsAndObservesWithoutSetting() {
        let property = Property(1)
        let view: AnyProperty<Int> = property.readOnlyView
        let recorder = Recorder<Int, Never>()
        _ = view.observe(with: recorder.observer)
        property.value = 2
        #expect(view.value == 2)
        #expect(recorder.elements == [1, 2])
    }
}
