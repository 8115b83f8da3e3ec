import TestSupport
import StreamCore
import StreamCoreTesting
import Testing

/// Where StreamCore keeps a behaviour that differs from ReactiveKit, each with the one-line
/// equivalent the migration guide gives (see "Behaviour that differs" in Migrating.md).
@Suite struct PeerBehaviourTests {
    private func elements<S: SignalProtocol>(_ signal: S) -> [S.Element] where S.Error == Never, S.Element: Sendable {
        let recorder = Recorder<S.Element, Never>()
        _ = signal.observe(with: recorder.observer)
        return recorder.elements
    }

    @Test func scanSendsAccumulationsOnlyAndStartWithGivesReactiveKitsInitialValue() {
        let numbers = SafeSignal.sequence([1, 2, 3])
        #expect(elements(numbers.scan(0, +)) == [1, 3, 6])
        #expect(elements(numbers.scan(0, +).start(with: 0)) == [0, 1, 3, 6])
    }

    @Test func bufferSendsThePartialLastBufferAndAFilterDropsItLikeReactiveKit() {
        let five = SafeSignal.sequence([1, 2, 3, 4, 5])
        #expect(elements(five.buffer(size: 2)) == [[1, 2], [3, 4], [5]])
        #expect(elements(five.buffer(size: 2).filter { $0.count == 2 }) == [[1, 2], [3, 4]])
    }

    @Test func receiveCancelIsNotCalledAfterCompletionAndCompletionPlusCancelRunsCleanupOnce() {
        let cancels = Box(0)
        let observation = SafeSignal.sequence([1]).handleEvents(receiveCancel: { cancels.value += 1 })
            .observe(with: { _ in })
        observation.dispose()
        #expect(cancels.value == 0)

        let cleanups = Box(0)
        let cleanup: @Sendable () -> Void = { cleanups.value += 1 }
        let completed = SafeSignal.sequence([1])
            .handleEvents(receiveCompletion: { _ in cleanup() }, receiveCancel: cleanup)
            .observe(with: { _ in })
        completed.dispose()
        let subject = PassthroughSubject<Int, Never>()
        let cancelled = subject.handleEvents(receiveCompletion: { _ in cleanup() }, receiveCancel: cleanup)
            .observe(with: { _ in })
        cancelled.dispose()
        #expect(cleanups.value == 2)  // once for the completed observation, once for the cancelled one
    }

    @Test func aPublishedSourceThatCompletedReplaysItsTerminalEventToLateObservers() {
        let published = SafeSignal.sequence([1, 2]).publish()
        let early = Recorder<Int, Never>()
        _ = published.observe(with: early.observer)
        let connection = published.connect()
        let late = Recorder<Int, Never>()
        _ = published.observe(with: late.observer)
        #expect(early.events == [.next(1), .next(2), .completed])
        #expect(late.events == [.completed])
        connection.dispose()

        let replayed = SafeSignal.sequence([1, 2]).replay(limit: .max)  // late observers get it all
        let replayConnection = replayed.connect()
        let lateReplay = Recorder<Int, Never>()
        _ = replayed.observe(with: lateReplay.observer)
        #expect(lateReplay.events == [.next(1), .next(2), .completed])
        replayConnection.dispose()
    }
}

/// Combine's and ReactiveKit 3's names, each the same as the StreamCore operator it forwards to.
@Suite struct CombineNamesTests {
    private func record<S: SignalProtocol>(_ signal: S) -> [Signal<S.Element, Never>.Event] where S.Error == Never, S.Element: Sendable {
        let recorder = Recorder<S.Element, Never>()
        _ = signal.observe(with: recorder.observer)
        return recorder.events
    }

    private let abc = SafeSignal.sequence(["a", "b", "c"])

    @Test func dropFirstAndDropLastSkipAtEitherEnd() {
        #expect(record(abc.dropFirst()) == [.next("b"), .next("c"), .completed])
        #expect(record(abc.dropFirst(2)) == [.next("c"), .completed])
        #expect(record(abc.dropLast()) == [.next("a"), .next("b"), .completed])
    }

    @Test func prefixAndSuffixKeepAtMostMaxLength() {
        #expect(record(abc.prefix(2)) == [.next("a"), .next("b"), .completed])
        #expect(record(abc.prefix(maxLength: 1)) == [.next("a"), .completed])
        #expect(record(abc.suffix(maxLength: 2)) == [.next("b"), .next("c"), .completed])
    }

    @Test func outputAtSendsOneElementAndIgnoreOutputOnlyTheTerminal() {
        #expect(record(abc.output(at: 1)) == [.next("b"), .completed])
        #expect(record(abc.ignoreOutput()) == [.completed])
    }

    @Test func prefixUntilOutputFromCompletesWhenTheOtherSends() {
        let source = PassthroughSubject<Int, Never>()
        let stop = PassthroughSubject<Void, Never>()
        let recorder = Recorder<Int, Never>()
        _ = source.prefix(untilOutputFrom: stop).observe(with: recorder.observer)
        source.send(1)
        stop.send(())
        source.send(2)
        #expect(recorder.events == [.next(1), .completed])
    }

    @Test func replaceNilsAndAmbWithAndEvaluating() {
        #expect(record(SafeSignal<Int?>.sequence([1, nil, 3]).replaceNils(with: 0)) == [.next(1), .next(0), .next(3), .completed])
        let first = PassthroughSubject<Int, Never>()
        let second = PassthroughSubject<Int, Never>()
        let recorder = Recorder<Int, Never>()
        _ = first.amb(with: second).observe(with: recorder.observer)
        second.send(2)
        first.send(1)
        #expect(recorder.elements == [2])
        let evaluations = Box(0)
        let evaluated = Signal<Int, Never>(evaluating: {
            evaluations.mutate {
                $0 += 1; return $0
            }
        })
        #expect(evaluations.value == 0)
        #expect(record(evaluated) == [.next(1), .completed])
        #expect(record(evaluated) == [.next(2), .completed])
    }

    @Test func disposeInACompositeDisposesWithTheGroupOrAtOnceWhenItIsDisposed() {
        let group = CompositeDisposable()
        let subject = PassthroughSubject<Int, Never>()
        let received = Box<[Int]>([])
        subject.observeNext { value in received.mutate { $0.append(value) } }.dispose(in: group)
        subject.send(1)
        group.dispose()
        subject.send(2)
        #expect(received.value == [1])
        let late = BlockDisposable {}
        late.dispose(in: group)
        #expect(late.isDisposed)
    }
}
