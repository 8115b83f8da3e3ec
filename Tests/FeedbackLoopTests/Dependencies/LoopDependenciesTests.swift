import Dispatch
import Foundation
import FeedbackLoop
import FeedbackLoopTesting
import StreamCore
import StreamCoreTesting
import TestSupport
import Testing

/// The tenant a loop serves (live "live tenant", test "test tenant").
private enum TenantKey: DependencyKey {
    static let liveValue = "live tenant"
    static let testValue = "test tenant"
}

/// A dependency with no test value.
private enum QuotaKey: DependencyKey {
    static let liveValue = 100
}

extension DependencyValues {
    fileprivate var tenant: String {
        get { self[TenantKey.self] }
        set { self[TenantKey.self] = newValue }
    }

    fileprivate var quota: Int {
        get { self[QuotaKey.self] }
        set { self[QuotaKey.self] = newValue }
    }
}

private enum Event: Equatable, Sendable {
    case load
    case loaded(String)
    case checkQuota
}

/// A loop's reducer and feedbacks run with the dependencies in force where it was started;
/// `TestLoop` runs them with test values and records a read without one.
@Suite struct LoopDependenciesTests {
    private static let reduce = Reducer<[String], Event>(mutating: { log, event in
        @Dependency(\.tenant) var tenant
        switch event {
        case .load: log.append("load for \(tenant)")
        case .loaded(let value): log.append("\(value), reduced for \(tenant)")
        case .checkQuota:
            @Dependency(\.quota) var quota
            log.append("quota \(quota)")
        }
    })

    /// A feedback that answers `.load` from a queue, with the tenant it read when it started.
    private static func loader(on queue: DispatchQueue) -> Feedback<[String], Event> {
        Feedback(predicate: { $0.last?.hasPrefix("load for") == true }) { _ in
            @Dependency(\.tenant) var tenant
            let startedFor = tenant
            return Signal { observer in
                queue.async { observer.receive(lastElement: .loaded("loaded by \(startedFor)")) }
                return NonDisposable.instance
            }
        }
    }

    @Test func aRunningLoopReadsTheValuesOfTheScopeItStartedIn() {
        let (input, send) = Feedback<[String], Event>.input
        let done = DispatchSemaphore(value: 0)
        let states = Box<[[String]]>([])
        let loop = withDependencies {
            $0.tenant = "acme"
        } operation: {
            Signal<[String], Never>.system(
                initial: [], reducer: Self.reduce, feedbacks: [input, Self.loader(on: DispatchQueue(label: "api"))]
            ).observeNext { log in
                states.append(log)
                if log.count == 2 { done.signal() }
            }
        }
        send(.load)  // from outside the scope: the loop's values still hold
        #expect(done.wait(timeout: .now() + 60) == .success)
        #expect(states.value.last == ["load for acme", "loaded by acme, reduced for acme"])
        loop.dispose()
    }

    @Test func aLoopStartedOutsideEveryScopeIgnoresTheScopeOfTheThreadThatDrainsIt() {
        let (input, send) = Feedback<[String], Event>.input
        let states = Box<[[String]]>([])
        let loop = Signal<[String], Never>.system(initial: [], reducer: Self.reduce, feedbacks: [input])
            .observeNext { states.append($0) }
        withDependencies {
            $0.tenant = "sender"
        } operation: {
            send(.load)
        }  // drained on this thread
        #expect(states.value.last == ["load for test tenant"])  // the process's values (a test process)
        loop.dispose()
    }

    @Test func aTestLoopRunsWithTestValuesAndItsOverrides() {
        let scheduler = TestScheduler()
        let loop = TestLoop(
            initial: [],
            reducer: Self.reduce,
            feedbacks: [
                Feedback(predicate: { $0.last?.hasPrefix("load for") == true }) { _ in
                    @Dependency(\.tenant) var tenant
                    return Signal(just: .loaded("loaded by \(tenant)"), after: .seconds(1), scheduler: scheduler)
                }
            ]
        )
        loop.send(.load) { $0 = ["load for test tenant"] }
        scheduler.advance(by: .seconds(1))
        loop.receive(.loaded("loaded by test tenant")) { $0.append("loaded by test tenant, reduced for test tenant") }
        loop.finish(scheduler: scheduler)

        let overridden = TestLoop(initial: [], reducer: Self.reduce) { $0.tenant = "override" }
        overridden.send(.load) { $0 = ["load for override"] }
    }

    @Test func readingADependencyWithoutATestValueIsARecordedFailureNamingIt() {
        let loop = TestLoop(initial: [], reducer: Self.reduce)
        withKnownIssue {
            loop.send(.checkQuota) { $0 = ["quota 100"] }  // the live value: the test goes on
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("@Dependency(\\.quota)") && $0.rawValue.contains("no test value") }
        }
    }
}
