import TestSupport
import Dispatch
import FeedbackLoop
import Observation
import StreamCore
import Testing

struct Settings: Sendable, Equatable {
    var isPaused = false
    var volume = 0
}

enum SettingsEvent: Sendable, Equatable {
    case toggle
    case setVolume(Int)
}

let settingsReducer = Reducer<Settings, SettingsEvent>(mutating: { settings, event in
    switch event {
    case .toggle: settings.isPaused.toggle()
    case .setVolume(let volume): settings.volume = volume
    }
})

/// Records the volume each time the host's state changes (re-registering after every change).
@MainActor func trackVolumes(of host: ObservableSpin<Settings, SettingsEvent>, into seen: Box<[Int]>) {
    withObservationTracking(
        { seen.mutate { $0.append(host.state.volume) } },
        onChange: { [weak host] in  // weak: the host's registrar keeps this closure
            Task { @MainActor [weak host] in
                guard let host else { return }
                trackVolumes(of: host, into: seen)
            }
        })
}

@MainActor @Suite struct ObservableSpinTests {
    @Test func stateChangesAreObservedOnTheMainActor() async {
        let host = ObservableSpin(spin: Spin(initialState: Settings(), feedbacks: [], reducer: settingsReducer))
        #expect(host.state == Settings())
        host.start()
        let changed = Box(0)
        withObservationTracking({ _ = host.state }, onChange: { changed.value += 1 })
        host.emit(.toggle)
        #expect(await waitUntil { host.state.isPaused })
        #expect(changed.value == 1)
        host.emit(.setVolume(3))
        #expect(await waitUntil { host.state.volume == 3 })
        #expect(host.state == Settings(isPaused: true, volume: 3))
    }

    @Test func aLoopOnAnotherQueueStillUpdatesStateInOrder() async {
        let queue = DispatchQueue(label: "observable.loop")
        let host = SwiftUISpin(
            spin: Spin(
                initialState: Settings(),
                feedbacks: [],
                reducer: settingsReducer,
                executeOn: queue
            ))
        let seen = Box<[Int]>([])
        trackVolumes(of: host, into: seen)
        host.start()
        for volume in 1...50 { host.emit(.setVolume(volume)) }
        #expect(await waitUntil { host.state.volume == 50 && seen.value.last == 50 })
        let volumes = seen.value
        #expect(volumes.first == 0)
        #expect(volumes.last == 50)
        #expect(volumes == volumes.sorted())  // observed values never go back
    }

    @Test func bindingsReadTheStateAndEmitOnWrite() async {
        let host = ObservableSpin(spin: Spin(initialState: Settings(), feedbacks: [], reducer: settingsReducer))
        host.start()
        let paused = host.binding(for: \.isPaused, event: .toggle)
        let volume = host.binding(for: \.volume, event: { .setVolume($0) })
        #expect(paused.wrappedValue == false)
        paused.wrappedValue = false  // any write emits .toggle
        #expect(await waitUntil { host.state.isPaused })
        #expect(paused.get() == true)
        volume.set(7)
        #expect(await waitUntil { volume.wrappedValue == 7 })
    }

    @Test func sendBindingsHaveTheStoreHostsShape() async {
        let host = ObservableSpin(spin: Spin(initialState: Settings(), feedbacks: [], reducer: settingsReducer))
        host.start()
        let paused: StateBinding<Bool> = host.binding(for: \.isPaused, send: .toggle)
        let volume: SpinBinding<Int> = host.binding(for: \.volume, send: { .setVolume($0) })
        paused.wrappedValue = false  // a constant event ignores the value
        #expect(await waitUntil { host.state.isPaused })
        volume.wrappedValue = 5
        #expect(await waitUntil { host.state == Settings(isPaused: true, volume: 5) })
    }

    @Test func theLoopStopsWhenTheHostIsDeallocated() async {
        let disposed = Box(false)
        let spin = Spin(
            initialState: 0,
            feedbacks: [Feedback(events: { _ in Signal<Int, Never> { _ in BlockDisposable { disposed.value = true } } })],
            reducer: Reducer { $0 + $1 }
        )
        weak var weakHost: ObservableSpin<Int, Int>?
        do {
            let host = ObservableSpin(spin: spin)
            weakHost = host
            host.start()
            host.emit(1)
            #expect(await waitUntil { host.state == 1 })
            #expect(!disposed.value)
        }
        #expect(await waitUntil { weakHost == nil })
        #expect(disposed.value)
    }

    @Test func theDecoratedSpinStartsLikeAnyOther() async {
        let host = ObservableSpin(spin: Spin(initialState: Settings(), feedbacks: [], reducer: settingsReducer))
        let states = Box<[Settings]>([])
        let loop = Signal.stream(from: host).observeNext { state in states.mutate { $0.append(state) } }
        host.emit(.toggle)
        #expect(states.value == [Settings(), Settings(isPaused: true)])
        #expect(await waitUntil { host.state.isPaused })
        loop.dispose()
        host.emit(.toggle)
        #expect(states.value.count == 2)
    }
}
