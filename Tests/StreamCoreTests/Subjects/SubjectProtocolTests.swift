import TestSupport
import StreamCore
import Testing

@Suite struct SubjectProtocolTests {
    /// Sends 1 and 2 through any subject and returns what an observer registered before saw.
    private func roundTrip<S: SubjectProtocol<Int, Never>>(_ subject: S) -> [Int] {
        let recorder = Recorder<Int, Never>()
        let observation = subject.observe(with: recorder.observer)
        subject.on(.next(1))
        subject.on(.next(2))
        observation.dispose()
        subject.on(.next(3))
        return recorder.elements
    }

    @Test func everySubjectConformsAndRelaysWhatIsSentIntoIt() {
        #expect(roundTrip(PassthroughSubject<Int, Never>()) == [1, 2])
        #expect(roundTrip(ReplaySubject<Int, Never>()) == [1, 2])
        #expect(roundTrip(ReplayOneSubject<Int, Never>()) == [1, 2])
        #expect(roundTrip(CurrentValueSubject<Int, Never>(0)) == [0, 1, 2])
        #expect(roundTrip(Property(0)) == [0, 1, 2])
    }

    @Test func existentialSubjectWorksAsSignalAndObserver() {
        let subject: any SubjectProtocol<Int, Never> = ReplaySubject<Int, Never>(bufferSize: 1)
        subject.on(.next(7))
        let recorder = Recorder<Int, Never>()
        _ = subject.observe(with: recorder.observer)
        #expect(recorder.elements == [7])
    }
}
