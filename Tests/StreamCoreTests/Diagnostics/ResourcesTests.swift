import StreamCore
import Testing

/// The live resource counters go up when a resource starts and back down when it ends. Counted
/// in a `ResourceScope` so that tests running in parallel do not disturb the numbers.
@Suite struct ResourcesTests {
    @Test func countsAreOnInDebugBuilds() {
        #if DEBUG
        #expect(Resources.isCounting)
        #else
        #expect(!Resources.isCounting)
        #expect(Resources.liveCount(of: .observations) == 0)
        #endif
    }

    #if DEBUG
    @Test func anObservationCountsUntilDisposed() {
        let scope = ResourceScope()
        let observation = scope.bind { Signal<Int, Never>.never().observe { _ in } }
        #expect(scope.liveCount(of: .observations) == 1)
        #expect(Resources.liveCount(of: .observations) >= 1)
        observation.dispose()
        #expect(scope.liveCount(of: .observations) == 0)
        observation.dispose()
        #expect(scope.liveCount(of: .observations) == 0)
    }

    @Test func anObservationThatTerminatesStopsCountingWithoutDisposal() {
        let scope = ResourceScope()
        let subject = PassthroughSubject<Int, Never>()
        let observation = scope.bind { subject.map { $0 + 1 }.observe { _ in } }
        #expect(scope.liveCounts == [.observations: 1, .subjectObservers: 1, .loops: 0, .stores: 0, .effects: 0])
        subject.send(completion: .finished)
        #expect(scope.liveCount(of: .observations) == 0)
        #expect(scope.liveCount(of: .subjectObservers) == 0)
        withExtendedLifetime(observation) {}
    }

    @Test func aSubjectObserverCountsWhileTheSubjectHoldsIt() {
        let scope = ResourceScope()
        let subject = PassthroughSubject<Int, Never>()
        let first = scope.bind { subject.observeNext { _ in } }
        let second = scope.bind { subject.observeNext { _ in } }
        #expect(scope.liveCount(of: .subjectObservers) == 2)
        first.dispose()
        #expect(scope.liveCount(of: .subjectObservers) == 1)
        second.dispose()
        #expect(scope.liveCount(of: .subjectObservers) == 0)
    }

    @Test func observersOfASubjectThatGoesAwayStopCounting() {
        let scope = ResourceScope()
        var property: Property<Int>? = Property(0)
        let observation = scope.bind { property!.observeNext { _ in } }
        #expect(scope.liveCount(of: .subjectObservers) == 1)
        property = nil
        #expect(scope.liveCount(of: .subjectObservers) == 0)
        withExtendedLifetime(observation) {}
    }

    @Test func anObserverDisposedDuringADeliveryStopsCountingWhenReleased() {
        let scope = ResourceScope()
        let subject = PassthroughSubject<Int, Never>()
        let slot = SerialDisposable()
        scope.bind {
            slot.otherDisposable = subject.observeNext { _ in slot.dispose() }
        }
        subject.send(1)
        #expect(scope.liveCount(of: .subjectObservers) == 0)
    }

    @Test func aScopeCountsOnlyWhatItsBindingCreated() {
        let scope = ResourceScope()
        let subject = PassthroughSubject<Int, Never>()
        let outside = subject.observeNext { _ in }
        #expect(scope.liveCount(of: .subjectObservers) == 0)
        let inside = scope.bind { subject.observeNext { _ in } }
        #expect(scope.liveCount(of: .subjectObservers) == 1)
        outside.dispose()
        inside.dispose()
    }

    @Test func nestedScopesCountInBoth() {
        let outer = ResourceScope()
        let observation: any Disposable = outer.bind {
            let inner = ResourceScope()
            let observation = inner.bind { Signal<Int, Never>.never().observe { _ in } }
            #expect(inner.liveCount(of: .observations) == 1)
            return observation
        }
        #expect(outer.liveCount(of: .observations) == 1)
        observation.dispose()
        #expect(outer.liveCount(of: .observations) == 0)
    }

    @Test func childTasksInheritTheScope() async {
        let scope = ResourceScope()
        let subject = PassthroughSubject<Int, Never>()
        let observation = await scope.bind {
            await Task { subject.observeNext { _ in } }.value
        }
        #expect(scope.liveCount(of: .subjectObservers) == 1)
        observation.dispose()
        #expect(scope.liveCount(of: .subjectObservers) == 0)
    }
    #endif
}
