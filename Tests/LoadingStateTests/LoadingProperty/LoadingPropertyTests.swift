import TestSupport
import Foundation
import LoadingState
import StreamCore
import Testing

/// Work whose loads the test finishes by hand, counting how many were started.
final class ManualWork: Sendable {
    let starts = Box(0)
    let pending = Box<[PassthroughSubject<Int, TestError>]>([])

    var signal: LoadingSignal<Int, TestError> {
        let subject = PassthroughSubject<Int, TestError>()
        starts.mutate { $0 += 1 }
        pending.mutate { $0.append(subject) }
        return subject.toLoadingSignal()
    }

    func finish(_ result: Result<Int, TestError>) {
        let subject = pending.mutate { $0.removeFirst() }
        switch result {
        case .success(let value): subject.send(value); subject.send(completion: .finished)
        case .failure(let error): subject.send(completion: .failure(error))
        }
    }
}

@Suite struct LoadingPropertyTests {
    @Test func loadsOnFirstObservationNotBefore() {
        let work = ManualWork()
        let property = LoadingProperty { work.signal }
        #expect(work.starts.value == 0)
        let recorder = Recorder<State, Never>()
        _ = property.observe(with: recorder.observer)
        #expect(work.starts.value == 1)
        work.finish(.success(5))
        #expect(recorder.elements == [.loading, .loaded(5)])
        #expect(property.value == 5 && !property.isLoading)
    }

    @Test func sharesTheResultWithEveryObserver() {
        let work = ManualWork()
        let property = LoadingProperty { work.signal }
        let a = Recorder<State, Never>()
        let b = Recorder<State, Never>()
        _ = property.observe(with: a.observer)
        _ = property.observe(with: b.observer)
        work.finish(.success(1))
        let late = Recorder<State, Never>()
        _ = property.observe(with: late.observer)
        #expect(work.starts.value == 1)
        #expect(a.elements == [.loading, .loaded(1)])
        #expect(b.elements == [.loading, .loaded(1)])
        #expect(late.elements == [.loaded(1)])
    }

    @Test func reloadShowsReloadingToObservers() {
        let work = ManualWork()
        let property = LoadingProperty { work.signal }
        let recorder = Recorder<ObservedLoadingState<Int, TestError>, Never>()
        _ = property.observedStates.observe(with: recorder.observer)
        work.finish(.success(1))
        let reload = Recorder<State, Never>()
        _ = property.reload().observe(with: reload.observer)
        #expect(property.observedLoadingState == .reloading)
        work.finish(.success(2))
        #expect(recorder.elements == [.loading, .loaded(1), .reloading, .loaded(2)])
        #expect(reload.events == [.next(.loading), .next(.loaded(2)), .completed])
        #expect(work.starts.value == 2)
    }

    @Test func lateObserverDuringReloadSeesReloading() {
        let work = ManualWork()
        let property = LoadingProperty { work.signal }
        _ = property.observe { _ in }
        work.finish(.failure(.boom))
        property.reload()
        let late = Recorder<ObservedLoadingState<Int, TestError>, Never>()
        _ = property.observedStates.observe(with: late.observer)
        work.finish(.success(3))
        #expect(late.elements == [.reloading, .loaded(3)])
    }

    @Test func silentReloadKeepsTheStateUntilANewValue() {
        let work = ManualWork()
        let property = LoadingProperty { work.signal }
        let recorder = Recorder<State, Never>()
        _ = property.observe(with: recorder.observer)
        work.finish(.success(1))
        let silent = Recorder<State, Never>()
        _ = property.reload(silently: true).observe(with: silent.observer)
        work.finish(.failure(.boom))
        #expect(property.loadingState == .loaded(1))
        _ = property.reload(silently: true)
        work.finish(.success(2))
        #expect(recorder.elements == [.loading, .loaded(1), .loaded(2)])
        #expect(silent.events == [.next(.loading), .next(.failed(.boom)), .completed])
    }

    @Test func concurrentReloadsJoinTheRunningLoad() {
        let work = ManualWork()
        let property = LoadingProperty { work.signal }
        _ = property.observe { _ in }
        work.finish(.success(1))
        let joined = (0..<8).map { _ in Recorder<State, Never>() }
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            _ = property.reload().observe(with: joined[index].observer)
        }
        #expect(work.starts.value == 2)
        #expect(property.isLoading)
        work.finish(.success(9))
        for recorder in joined {
            #expect(recorder.events == [.next(.loading), .next(.loaded(9)), .completed])
        }
        property.reload()
        #expect(work.starts.value == 3)
    }

    @Test func reloadBeforeObservationIsTheFirstLoad() {
        let work = ManualWork()
        let property = LoadingProperty { work.signal }
        property.reload()
        let recorder = Recorder<ObservedLoadingState<Int, TestError>, Never>()
        _ = property.observedStates.observe(with: recorder.observer)
        work.finish(.success(4))
        #expect(work.starts.value == 1)
        #expect(recorder.elements == [.loading, .loaded(4)])
    }

    @Test func releasingThePropertyCancelsTheLoad() {
        let subject = PassthroughSubject<Int, TestError>()
        var property: LoadingProperty<Int, TestError>? = LoadingProperty { subject.toLoadingSignal() }
        weak let weakProperty = property
        _ = property?.observe { _ in }
        #expect(subject.observerCount == 1)
        property = nil
        #expect(weakProperty == nil)
        #expect(subject.observerCount == 0)
    }

    @Test func worksAsALoadingSignal() {
        let property = LoadingProperty<Int, TestError> { .loaded(2) }
        let recorder = Recorder<String, Never>()
        _ = property.mapValue { "#\($0)" }.value().observe(with: recorder.observer)
        #expect(recorder.elements == ["#2"])
    }
}

@Suite struct LoadingPropertyStressTests {
    @Test func loadsNeverOverlapUnderConcurrentReloadsAndObservers() {
        let running = Box(0)
        let maxRunning = Box(0)
        let starts = Box(0)
        let property = LoadingProperty<Int, TestError> {
            Signal<Int, TestError> { observer in
                let now = running.mutate {
                    $0 += 1; return $0
                }
                maxRunning.mutate { $0 = max($0, now) }
                let number = starts.mutate {
                    $0 += 1; return $0
                }
                DispatchQueue.global().async {
                    running.mutate { $0 -= 1 }
                    observer.receive(lastElement: number)
                }
                return NonDisposable.instance
            }.toLoadingSignal()
        }
        let reloads = Box<[Recorder<State, Never>]>([])
        let observers = Box<[Recorder<State, Never>]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            let observer = Recorder<State, Never>()
            _ = property.observe(with: observer.observer)
            observers.mutate { $0.append(observer) }
            for _ in 0..<25 {
                let recorder = Recorder<State, Never>()
                _ = property.reload().observe(with: recorder.observer)
                reloads.mutate { $0.append(recorder) }
            }
        }
        for recorder in reloads.value {
            #expect(recorder.waitForTermination())
            #expect(recorder.elements.last?.value != nil)
        }
        #expect(maxRunning.value == 1)
        #expect(starts.value <= 201)
        // Every observer ends on the latest loaded value.
        let final = property.value
        for observer in observers.value {
            #expect(observer.wait { $0.last?.element?.value == final })
        }
    }
}
