import FuzzSupport
import StoreKitLite
import StreamCore

struct FuzzError: Error, Equatable {}

typealias Event = Signal<Int, FuzzError>.Event

/// Collects what one observer received (single-threaded: the fuzzer drives everything inline).
final class Log: @unchecked Sendable {
    // @unchecked Sendable: only touched on the fuzzer's one thread.
    var events: [Event] = []
    var states: [Int] = []
}

/// Random operations on a `PassthroughSubject`, a `ReplaySubject` and a `Store`, each checked
/// after every step against a model: which observer must have received which events.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStoreSubject(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    var input = ByteReader(data, count)
    let replayLimit = input.next(below: 5)
    var harness = SubjectHarness(subject: PassthroughSubject<Int, FuzzError>(), replayLimit: 0)
    var replaying = SubjectHarness(subject: ReplaySubject<Int, FuzzError>(bufferSize: replayLimit), replayLimit: replayLimit)
    var store = StoreHarness()
    var steps = 0
    while !input.isAtEnd, steps < 400 {
        steps += 1
        let operation = input.next()
        let argument = Int(input.next())
        switch operation % 3 {
        case 0: harness.apply(operation / 3, argument)
        case 1: replaying.apply(operation / 3, argument)
        default: store.apply(operation / 3, argument)
        }
        harness.verify(fully: false)
        replaying.verify(fully: false)
        store.verify(fully: false)
    }
    harness.verify(fully: true)
    replaying.verify(fully: true)
    store.verify(fully: true)
    harness.disposeAll()
    replaying.disposeAll()
    store.disposeAll()
    return 0
}

/// A subject and its model: the elements sent so far, the terminal event, and each observer's
/// expected history.
struct SubjectHarness<S: SubjectProtocol> where S.Element == Int, S.Error == FuzzError {
    let subject: S
    /// Elements a late observer receives first (0 for a passthrough subject).
    let replayLimit: Int
    var sent: [Int] = []
    var terminal: Event?
    var observers: [(log: Log, expected: [Event], disposable: any Disposable)] = []

    init(subject: S, replayLimit: Int) {
        self.subject = subject
        self.replayLimit = replayLimit
    }

    mutating func apply(_ operation: UInt8, _ argument: Int) {
        switch operation % 6 {
        case 0, 1:  // observe
            let log = Log()
            let disposable = subject.observe { log.events.append($0) }
            var expected = sent.suffix(replayLimit).map(Event.next)
            if let terminal { expected.append(terminal) }
            observers.append((log, expected, disposable))
        case 2:  // dispose one
            guard !observers.isEmpty else { return }
            let index = argument % observers.count
            observers[index].disposable.dispose()
            observers.remove(at: index)
        case 3, 4:  // send
            subject.send(argument)
            guard terminal == nil else { return }
            sent.append(argument)
            for index in observers.indices { observers[index].expected.append(.next(argument)) }
        default:  // complete or fail
            let event: Event = argument % 2 == 0 ? .completed : .failed(FuzzError())
            subject.on(event)
            guard terminal == nil else { return }
            terminal = event
            for index in observers.indices { observers[index].expected.append(event) }
        }
    }

    /// Checks every observer's history: after each step its length and last event (cheap), at
    /// the end the whole history.
    func verify(fully: Bool) {
        for (number, observer) in observers.enumerated() {
            let matches = fully
                ? observer.log.events == observer.expected
                : observer.log.events.count == observer.expected.count && observer.log.events.last == observer.expected.last
            check(matches, "\(S.self) observer \(number): got \(observer.log.events), expected \(observer.expected)")
        }
    }

    mutating func disposeAll() {
        for observer in observers { observer.disposable.dispose() }
        observers.removeAll()
    }
}

/// A store whose reducer is a small arithmetic machine, and its model.
struct StoreHarness {
    enum Action: Sendable { case add(Int), multiply(Int), reset }

    static func reduce(_ state: inout Int, _ action: Action) {
        switch action {
        case .add(let amount): state = (state &+ amount) % 1_000_003
        case .multiply(let factor): state = (state &* factor) % 1_000_003
        case .reset: state = 0
        }
    }

    let store = Store(initialState: 0, reducer: Reducer<Int, Action>(mutating: { state, action in
        StoreHarness.reduce(&state, action)
    }))
    var state = 0
    var observers: [(log: Log, expected: [Int], disposable: any Disposable)] = []

    mutating func apply(_ operation: UInt8, _ argument: Int) {
        switch operation % 5 {
        case 0:  // observe: the current state at once, then every new state
            let log = Log()
            let disposable = store.observeNext { log.states.append($0) }
            observers.append((log, [state], disposable))
        case 1:  // dispose one
            guard !observers.isEmpty else { return }
            let index = argument % observers.count
            observers[index].disposable.dispose()
            observers.remove(at: index)
        default:
            let action: Action = operation % 5 == 2 ? .add(argument) : operation % 5 == 3 ? .multiply(argument) : .reset
            store.dispatch(action)
            Self.reduce(&state, action)
            for index in observers.indices { observers[index].expected.append(state) }
        }
    }

    /// Checks the state and every observer's history (fully at the end, length and last state
    /// after each step).
    func verify(fully: Bool) {
        check(store.value == state, "store state \(store.value), model \(state)")
        for (number, observer) in observers.enumerated() {
            let matches = fully
                ? observer.log.states == observer.expected
                : observer.log.states.count == observer.expected.count && observer.log.states.last == observer.expected.last
            check(matches, "store observer \(number): got \(observer.log.states), expected \(observer.expected)")
        }
    }

    mutating func disposeAll() {
        for observer in observers { observer.disposable.dispose() }
        observers.removeAll()
    }
}
