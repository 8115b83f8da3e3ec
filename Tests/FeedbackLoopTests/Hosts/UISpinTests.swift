import TestSupport
import Dispatch
import FeedbackLoop
import StreamCore
import Testing

/// A view that records what it renders.
final class CounterView: Sendable {
    let rendered = Box<[Int]>([])
    let queues = Box<[String]>([])
    let key: DispatchSpecificKey<String>?

    init(key: DispatchSpecificKey<String>? = nil) {
        self.key = key
    }

    func render(state: Int) {
        rendered.mutate { $0.append(state) }
        if let key { queues.mutate { $0.append(DispatchQueue.getSpecific(key: key) ?? "elsewhere") } }
    }
}

/// An effect that never ends and records its disposal, to see whether the loop is still running.
func lifetimeFeedback(disposed: Box<Bool>) -> Feedback<Int, Int> {
    Feedback(events: { _ in Signal { _ in BlockDisposable { disposed.value = true } } })
}

/// A main-actor view, like a view controller.
@MainActor final class MainActorCounterView {
    var rendered: [Int] = []
    func render(state: Int) {
        MainActor.assertIsolated()
        rendered.append(state)
    }
}

func counterSpin(_ extra: Feedback<Int, Int>...) -> Spin<Int, Int> {
    Spin(initialState: 0, feedbacks: extra, reducer: Reducer { $0 + $1 })
}

@Suite struct UISpinTests {
    @Test func rendersEveryStateInOrderAndTakesEmittedEvents() {
        let uiSpin = UISpin(spin: counterSpin())
        let view = CounterView()
        uiSpin.render(on: view, on: .immediate, using: { $0.render(state:) })
        #expect(uiSpin.state == 0)
        uiSpin.emit(5)  // not running yet: dropped
        #expect(view.rendered.value == [])
        uiSpin.start()
        #expect(view.rendered.value == [0])
        uiSpin.emit(1)
        uiSpin.emit(2)
        #expect(view.rendered.value == [0, 1, 3])
        #expect(uiSpin.state == 3)
        uiSpin.start()  // a second start does nothing
        #expect(view.rendered.value == [0, 1, 3])
    }

    @Test func rendersOnTheChosenContext() {
        let key = DispatchSpecificKey<String>()
        let queue = DispatchQueue(label: "uispin.render")
        queue.setSpecific(key: key, value: "render")
        let uiSpin = UISpin(spin: counterSpin())
        let view = CounterView(key: key)
        uiSpin.render(on: view, on: queue.context, using: { $0.render(state:) })
        uiSpin.start()
        for _ in 1...100 { uiSpin.emit(1) }
        queue.sync {}
        #expect(view.rendered.value == Array(0...100))
        #expect(view.queues.value == Array(repeating: "render", count: 101))
    }

    @Test func aContainerAttachedAfterStartRendersTheCurrentStateFirst() {
        let uiSpin = UISpin(spin: counterSpin())
        uiSpin.start()
        uiSpin.emit(4)
        let view = CounterView()
        uiSpin.render(on: view, on: .immediate, using: { $0.render(state:) })
        uiSpin.emit(1)
        #expect(view.rendered.value == [4, 5])
    }

    @Test func aDeallocatedContainerStopsRenderingAndIsNotRetained() {
        let uiSpin = UISpin(spin: counterSpin())
        let kept = CounterView()
        weak var weakView: CounterView?
        let rendered: Box<[Int]>
        do {
            let view = CounterView()
            weakView = view
            rendered = view.rendered
            uiSpin.render(on: view, on: .immediate, using: { $0.render(state:) })
            uiSpin.render(on: kept, on: .immediate, using: { $0.render(state:) })
            uiSpin.start()
            uiSpin.emit(1)
        }
        #expect(weakView == nil)
        uiSpin.emit(1)
        #expect(rendered.value == [0, 1])
        #expect(kept.rendered.value == [0, 1, 2])
    }

    @Test func theLoopStopsWhenTheHostIsDeallocated() {
        let disposed = Box(false)
        let view = CounterView()
        weak var weakSpin: UISpin<Int, Int>?
        do {
            let uiSpin = UISpin(spin: counterSpin(lifetimeFeedback(disposed: disposed)))
            weakSpin = uiSpin
            uiSpin.render(on: view, on: .immediate, using: { $0.render(state:) })
            uiSpin.start()
            uiSpin.emit(1)
            #expect(!disposed.value)
        }
        #expect(weakSpin == nil)
        #expect(disposed.value)
        #expect(view.rendered.value == [0, 1])
    }

    @Test func signalStartRunsTheDecoratedSpin() {
        let uiSpin = UISpin(spin: counterSpin())
        let view = CounterView()
        uiSpin.render(on: view, on: .immediate, using: { $0.render(state:) })
        let states = Box<[Int]>([])
        let observation = Signal.stream(from: uiSpin).observeNext { state in states.mutate { $0.append(state) } }
        uiSpin.emit(2)
        observation.dispose()
        uiSpin.emit(2)
        #expect(states.value == [0, 2])
        #expect(view.rendered.value == [0, 2])
        #expect(uiSpin.state == 2)
        #expect(uiSpin.spin.feedbacks.count == 2)  // state recording + input
    }

    @MainActor @Test func aMainActorContainerRendersEveryStateInOrderOnTheMainActor() async {
        let uiSpin = UISpin(spin: counterSpin())
        let view = MainActorCounterView()
        uiSpin.render(on: view, using: { $0.render(state:) })
        uiSpin.start()
        for _ in 1...20 { uiSpin.emit(1) }
        await Task.detached { for _ in 1...20 { uiSpin.emit(1) } }.value
        #expect(await waitUntil { view.rendered.last == 40 })
        #expect(view.rendered == Array(0...40))
        weak let weakView = view
        let late = MainActorCounterView()
        uiSpin.render(on: late, using: { $0.render(state:) })
        #expect(await waitUntil { late.rendered == [40] })
        _ = consume view
        #expect(weakView == nil)
        uiSpin.emit(1)
        #expect(await waitUntil { late.rendered == [40, 41] })
    }
}

extension UISpinTests {
    @Test func eventsEmittedRightAfterStartAreHandledWhenTheLoopRunsOnAQueue() {
        let queue = DispatchQueue(label: "uispin.loop")
        let uiSpin = UISpin(spin: Spin(initialState: 0, feedbacks: [], reducer: Reducer { $0 + $1 }, executeOn: queue))
        let view = CounterView()
        uiSpin.render(on: view, on: .immediate, using: { $0.render(state:) })
        queue.suspend()  // the loop cannot subscribe its feedbacks yet
        uiSpin.start()
        for _ in 1...10 { uiSpin.emit(1) }
        queue.resume()
        queue.sync {}
        #expect(view.rendered.value == Array(0...10))
        #expect(uiSpin.state == 10)
    }
}
