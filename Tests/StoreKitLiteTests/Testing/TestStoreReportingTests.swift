import StoreKitLite
import StoreKitLiteTesting
import Testing

private struct Profile: Equatable, Sendable {
    var name = "Ada"
    var age = 36
    var tags: [String] = ["math", "engines"]
    var notes = "unchanged, so never printed"
}

private enum ProfileAction: Equatable, Sendable {
    case birthday
    case tag(Int, String)
}

private let profileReducer = Reducer<Profile, ProfileAction> { state, action in
    switch action {
    case .birthday: state.age += 1
    case .tag(let index, let tag): state.tags[index] = tag
    }
}

/// How a failed `TestStore` assertion is reported: at the failing call's line, with only the
/// fields that differ.
@Suite struct TestStoreReportingTests {
    @Test func aWrongStateReportsOnlyTheChangedFieldsAtTheSendLine() throws {
        let store = TestStore(initialState: Profile(), reducer: profileReducer)
        let line = #line + 2
        try withKnownIssue {
            try store.send(.birthday) { $0.age = 40 }
        } matching: { issue in
            issue.sourceLocation?.fileID == #fileID
                && issue.sourceLocation?.line == line
                && issue.comments.map(\.rawValue) == [
                    "State after send(birthday) differs from the expectation (− expected, + actual):\n"
                        + "− age: 40\n"
                        + "+ age: 37"
                ]
        }
    }

    @Test func aNestedFieldIsNamedByItsPath() throws {
        let store = TestStore(initialState: Profile(), reducer: profileReducer)
        let line = #line + 2
        try withKnownIssue {
            try store.send(.tag(1, "looms")) { $0.tags[1] = "cards" }
        } matching: { issue in
            issue.sourceLocation?.line == line
                && issue.comments.map(\.rawValue) == [
                    "State after send(tag(1, \"looms\")) differs from the expectation (− expected, + actual):\n"
                        + "− tags[1]: \"cards\"\n"
                        + "+ tags[1]: \"looms\""
                ]
        }
    }

    @Test func aWrongReceiveIsReportedAtItsLine() throws {
        let store = TestStore(initialState: Profile(), reducer: profileReducer)
        store.store.dispatch(.birthday)  // fed back from outside the test: held back
        let line = #line + 2
        try withKnownIssue {
            try store.receive(.tag(0, "x"))
        } matching: { issue in
            issue.sourceLocation?.line == line
                && issue.comments.map(\.rawValue) == ["Expected to receive tag(0, \"x\"), received birthday"]
        }
        #expect(store.state.age == 37)  // reduced unchecked
    }

    @Test func aWrongFinishIsReportedAtItsLine() throws {
        let store = TestStore(initialState: Profile(), reducer: profileReducer)
        store.store.dispatch(.birthday)
        let line = #line + 2
        try withKnownIssue {
            try store.finish()
        } matching: { issue in
            issue.sourceLocation?.line == line
                && issue.comments.map(\.rawValue) == ["1 action(s) fed back but not asserted: [birthday]"]
        }
    }

    @Test func outsideSwiftTestingTheFailureIsThrownWithTheLine() async {
        // A detached task does not inherit the running test: the harness throws instead.
        let line = #line + 4
        let failure: TestStoreFailure? = await Task.detached { () -> TestStoreFailure? in
            let store = TestStore(initialState: Profile(), reducer: profileReducer)
            do throws(TestStoreFailure) {
                try store.send(.birthday) { $0.age = 40 }
                return nil
            } catch {
                return error
            }
        }.value
        #expect(failure?.kind == .stateMismatch)
        #expect(failure?.location?.hasPrefix("\(#fileID):\(line):") == true)
        #expect(failure?.description.hasSuffix("− age: 40\n+ age: 37") == true)
    }
}
