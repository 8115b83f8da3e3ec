import TestSupport
import Foundation
import LoadingState
import StreamCore
import Testing

/// A flow whose parts are closures over in-memory state, recording the order they ran in.
final class ScriptedParts: Sendable {
    let log = Box<[String]>([])
    let stored = Box<Int?>(nil)
    let networkAnswer = Box<Result<Int, FlowError>>(.success(42))
    let saveFails = Box(false)

    func flow(waitsForSave: Bool = true, onSaveFailure: @escaping @Sendable (FlowError) -> Void = { _ in }) -> ResourceFlow<Int> {
        ResourceFlow(
            network: { [self] resource in
                Signal { observer in
                    self.log.mutate { $0.append("network \(resource.path)") }
                    switch self.networkAnswer.value {
                    case .success(let value): observer.receive(lastElement: value)
                    case .failure(let error): observer.on(.failed(error))
                    }
                    return NonDisposable.instance
                }
            },
            loadFromPersistence: { [self] in
                Signal { observer in
                    self.log.mutate { $0.append("load") }
                    if let value = self.stored.value {
                        observer.receive(lastElement: value)
                    } else {
                        observer.on(.failed(.notPersisted))
                    }
                    return NonDisposable.instance
                }
            },
            saveToPersistence: { [self] value in
                Signal { observer in
                    self.log.mutate { $0.append("save \(value)") }
                    if self.saveFails.value {
                        observer.on(.failed(.persistenceFailed(path: "p", message: "disk full")))
                    } else {
                        self.stored.mutate { $0 = value }
                        observer.receive(lastElement: value)
                    }
                    return NonDisposable.instance
                }
            },
            waitsForSave: waitsForSave,
            onSaveFailure: onSaveFailure)
    }
}

@Suite struct ResourceFlowTests {
    let resource = Resource(path: "n")

    @Test func fetchUsesPersistenceFirst() {
        let parts = ScriptedParts()
        parts.stored.mutate { $0 = 7 }
        #expect(result(parts.flow().fetch(resource)).events == [.next(7), .completed])
        #expect(parts.log.value == ["load"])
    }

    @Test func fetchFallsBackToNetworkThenSaves() {
        let parts = ScriptedParts()
        #expect(result(parts.flow().fetch(resource)).events == [.next(42), .completed])
        #expect(parts.log.value == ["load", "network n", "save 42"])
    }

    @Test func fetchFromNetworkSkipsPersistence() {
        let parts = ScriptedParts()
        parts.stored.mutate { $0 = 7 }
        #expect(result(parts.flow().fetchFromNetwork(resource)).elements == [42])
        #expect(parts.log.value == ["network n", "save 42"])
    }

    @Test func networkFailureFailsTheFetchWithoutSaving() {
        let parts = ScriptedParts()
        parts.networkAnswer.mutate { $0 = .failure(.notReachable(host: "h")) }
        #expect(result(parts.flow().fetch(resource)).error == .notReachable(host: "h"))
        #expect(parts.log.value == ["load", "network n"])
    }

    @Test func waitingForAFailedSaveStillDeliversTheValueAndReportsTheFailureFirst() {
        let parts = ScriptedParts()
        parts.saveFails.mutate { $0 = true }
        let log = Box<[String]>([])
        let flow = parts.flow(waitsForSave: true) { error in log.mutate { $0.append("failure \(error)") } }
        let recorder = Recorder<Int, FlowError>()
        _ = flow.fetchFromNetwork(resource).observe { event in
            log.mutate { $0.append("event \(event)") }
            recorder.observer(event)
        }
        recorder.waitForTermination()
        #expect(recorder.events == [.next(42), .completed])
        #expect(log.value.first?.hasPrefix("failure ") == true, "the failure is reported before the value: \(log.value)")
        #expect(parts.log.value == ["network n", "save 42"])
    }

    @Test func waitingForASuccessfulSaveSendsTheValueAfterIt() {
        let parts = ScriptedParts()
        let reported = Box<[FlowError]>([])
        let flow = parts.flow(waitsForSave: true) { error in reported.mutate { $0.append(error) } }
        let storedWhenDelivered = Box<Int?>(nil)
        let recorder = Recorder<Int, FlowError>()
        _ = flow.fetchFromNetwork(resource).observe { event in
            if event.element != nil { storedWhenDelivered.mutate { $0 = parts.stored.value } }
            recorder.observer(event)
        }
        recorder.waitForTermination()
        #expect(recorder.events == [.next(42), .completed])
        #expect(storedWhenDelivered.value == 42)
        #expect(reported.value.isEmpty)
    }

    @Test func notWaitingForSaveSendsTheValueAndReportsTheFailureToTheHook() {
        let parts = ScriptedParts()
        parts.saveFails.mutate { $0 = true }
        let reported = Box<[FlowError]>([])
        let flow = parts.flow(waitsForSave: false) { error in reported.mutate { $0.append(error) } }
        #expect(result(flow.fetchFromNetwork(resource)).events == [.next(42), .completed])
        #expect(reported.value == [.persistenceFailed(path: "p", message: "disk full")])
    }

    @Test func partsAreReplaceable() {
        let parts = ScriptedParts()
        var flow = parts.flow()
        let failures = Box<[FlowError]>([])
        let load = flow.loadFromPersistence
        flow.loadFromPersistence = {
            Signal { observer in
                load().observe { event in
                    if case .failed(let error) = event { failures.mutate { $0.append(error) } }
                    observer.on(event)
                }
            }
        }
        _ = result(flow.fetch(resource))
        #expect(failures.value == [.notPersisted])
    }
}
