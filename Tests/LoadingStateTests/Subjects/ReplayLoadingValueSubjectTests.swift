import Dispatch
import Foundation
@testable import LoadingState
import StreamCore
import Testing
import TestSupport

@Suite struct ReplayLoadingValueSubjectTests {
    typealias Subject = ReplayLoadingValueSubject<Int, TestError, TestError>

    private func replay(of subject: Subject) -> [Signal<State, TestError>.Event] {
        let late = Recorder<State, TestError>()
        subject.observe(with: late.observer).dispose()
        return late.events
    }

    @Test func replaysNothingBeforeTheFirstState() {
        #expect(replay(of: Subject()).isEmpty)
    }

    @Test func replaysLoadingWhileTheFirstLoadRuns() {
        let subject = Subject()
        subject.send(.loading)
        subject.send(.loading)
        #expect(replay(of: subject) == [.next(.loading)])
    }

    @Test func replaysTheLastBufferSizeValuesEvenDuringAReload() {
        let subject = Subject(bufferSize: 2)
        subject.send(.loading)
        for value in 1...4 { subject.send(.loaded(value)) }
        subject.send(.loading)  // a reload does not hide what is shown
        #expect(replay(of: subject) == [.next(.loaded(3)), .next(.loaded(4))])
        #expect(subject.bufferSize == 2)
    }

    @Test func aFailureDropsTheValuesBeforeIt() {
        let subject = Subject()
        subject.send(.loaded(1))
        subject.send(.loaded(2))
        subject.send(.failed(.boom))
        #expect(replay(of: subject) == [.next(.failed(.boom))])
        subject.send(.loading)
        subject.send(.loaded(3))
        #expect(replay(of: subject) == [.next(.failed(.boom)), .next(.loaded(3))])
    }

    @Test func bufferSizeZeroReplaysOnlyLoadingAndTheTerminalEvent() {
        let subject = Subject(bufferSize: 0)
        subject.send(.loading)
        #expect(replay(of: subject) == [.next(.loading)])
        subject.send(.loaded(1))
        subject.send(.failed(.boom))
        #expect(replay(of: subject).isEmpty)
        subject.send(completion: .finished)
        #expect(replay(of: subject) == [.completed])
    }

    @Test func aNewObserverGetsTheReplayThenLaterEventsInOrder() {
        let subject = Subject(bufferSize: 1)
        subject.send(.loaded(1))
        let recorder = Recorder<State, TestError>()
        let observation = subject.observe(with: recorder.observer)
        subject.send(.loading)
        subject.send(.loaded(2))
        #expect(recorder.elements == [.loaded(1), .loading, .loaded(2)])
        observation.dispose()
        subject.send(.loaded(3))
        #expect(recorder.elements == [.loaded(1), .loading, .loaded(2)])  // nothing after disposal
    }

    @Test func afterTerminationLateObserversGetTheReplayThenTheTerminalEventAndSendsAreIgnored() {
        let subject = Subject()
        let early = Recorder<State, TestError>()
        _ = subject.observe(with: early.observer)
        subject.send(.loaded(1))
        subject.send(completion: .failure(.boom))
        subject.send(.loaded(2))
        #expect(early.events == [.next(.loaded(1)), .failed(.boom)])
        #expect(replay(of: subject) == [.next(.loaded(1)), .failed(.boom)])
    }

    @Test func anObserverAddedFromInsideAnObserverGetsNoDuplicateAndNoGap() {
        let subject = Subject()
        let inner = Recorder<State, TestError>()
        let innerObservation = Box<(any Disposable)?>(nil)
        let outer = subject.observeNext { state in
            if state == .loaded(1) {
                innerObservation.value = subject.observe(with: inner.observer)
                subject.send(.loaded(2))  // queued behind the replay of the new observer
            }
        }
        subject.send(.loaded(1))
        subject.send(.loaded(3))
        #expect(inner.elements == [.loaded(1), .loaded(2), .loaded(3)])
        outer.dispose()
        innerObservation.value?.dispose()
    }

    /// Observers join while four threads send: each one receives the whole delivery order
    /// (replay, then live events), with no gap and no duplicate.
    @Test func observersJoiningWhileThreadsSendSeeTheWholeDeliveryOrder() {
        let subject = Subject()
        let first = Recorder<State, TestError>()
        _ = subject.observe(with: first.observer)
        let late = (0..<8).map { _ in Recorder<State, TestError>() }
        let senders = 4
        let perSender = 500
        DispatchQueue.concurrentPerform(iterations: senders + late.count) { index in
            if index < senders {
                for step in 0..<perSender { subject.send(.loaded(index * perSender + step)) }
            } else {
                _ = subject.observe(with: late[index - senders].observer)
            }
        }
        subject.send(completion: .finished)
        let order = first.elements
        #expect(order.count == senders * perSender)
        #expect(Set(order.compactMap(\.value)).count == senders * perSender)
        for recorder in late {
            #expect(recorder.elements == order)
            #expect(recorder.events.last == .completed)
        }
    }

    /// A bounded buffer under concurrent sends: a late observer's replay is the latest values
    /// delivered before it joined, and what follows continues the delivery order exactly.
    @Test func aBoundedReplayUnderConcurrentSendsIsASuffixFollowedByTheRest() {
        let subject = Subject(bufferSize: 3)
        let first = Recorder<State, TestError>()
        _ = subject.observe(with: first.observer)
        let late = (0..<8).map { _ in Recorder<State, TestError>() }
        DispatchQueue.concurrentPerform(iterations: 4 + late.count) { index in
            if index < 4 {
                for step in 0..<300 { subject.send(.loaded(index * 300 + step)) }
            } else {
                _ = subject.observe(with: late[index - 4].observer)
            }
        }
        subject.send(completion: .finished)
        let order = first.elements
        for recorder in late {
            let seen = recorder.elements
            // The tail of the delivery order that the observer saw live, plus up to 3 replayed.
            #expect(!seen.isEmpty)
            #expect(Array(order.suffix(seen.count)) == seen)
            #expect(seen.count <= order.count)
        }
    }

    @Test func replacedAndBufferedValuesAreReleased() {
        final class Tracked: Sendable {
            let released: Box<Int>
            init(_ released: Box<Int>) { self.released = released }
            deinit { released.mutate { $0 += 1 } }
        }
        let released = Box(0)
        do {
            let subject = ReplayLoadingValueSubject<Tracked, TestError, Never>(bufferSize: 1)
            let observation = subject.observeNext { _ in }
            for _ in 0..<3 { subject.send(.loaded(Tracked(released))) }
            #expect(released.value == 2)  // the first two were displaced from the buffer
            observation.dispose()
        }
        #expect(released.value == 3)
    }

    @Test func theSubjectIsReleasedWithObserversAttachedAndReleasesTheirHandlers() {
        final class Token: Sendable {
            let released: Box<Bool>
            init(_ released: Box<Bool>) { self.released = released }
            deinit { released.value = true }
        }
        let handlerReleased = Box(false)
        weak var weakSubject: Subject?
        var observation: (any Disposable)?
        do {
            let subject = Subject()
            weakSubject = subject
            let token = Token(handlerReleased)
            observation = subject.observe { _ in withExtendedLifetime(token) {} }
            subject.send(.loaded(1))
        }
        #expect(weakSubject == nil)  // no cycle through the record or the observers
        #expect(handlerReleased.value)  // the observer was ended and its closure released
        observation?.dispose()
    }
}
