import TestSupport
import FeedbackLoop
import StreamCore
import Testing

/// The seed's authorization example: a feature loop asks the authorization loop for a check.
enum AuthGearEvent: Sendable, Equatable {
    case authorizationIssueHappened
    case somethingElse
}

enum FeatureState: Sendable, Equatable {
    case loading
    case loaded
    case unauthorized
}

enum FeatureEvent: Sendable, Equatable {
    case loaded
    case unauthorizedResponse
}

enum AuthState: Sendable, Equatable {
    case authorized
    case checking
    case unauthorized
}

enum AuthEvent: Sendable, Equatable {
    case checkAuthorization
    case checked(authorized: Bool)
}

let featureReducer = Reducer<FeatureState, FeatureEvent> { _, event in
    switch event {
    case .loaded: .loaded
    case .unauthorizedResponse: .unauthorized
    }
}

let authReducer = Reducer<AuthState, AuthEvent> { _, event in
    switch event {
    case .checkAuthorization: .checking
    case .checked(let authorized): authorized ? .authorized : .unauthorized
    }
}

/// The authorization check: a checking state answers "not authorized".
let checkAuthorization = Feedback<AuthState, AuthEvent>(effect: { (state: AuthState) in
    state == .checking ? Signal(just: AuthEvent.checked(authorized: false)) : .completed()
})

/// The feature's network call: loading answers "unauthorized".
let loadFeature = Feedback<FeatureState, FeatureEvent>(effect: { (state: FeatureState) in
    state == .loading ? Signal(just: FeatureEvent.unauthorizedResponse) : .completed()
})

@Suite struct GearTests {
    func runAuthorizationExample(
        push: Feedback<FeatureState, FeatureEvent>,
        pull: Feedback<AuthState, AuthEvent>,
        gear: Gear<AuthGearEvent>,
        otherObservers: Int = 0
    ) -> (auth: [AuthState], feature: [FeatureState]) {
        let authSpin = Spin(initialState: AuthState.authorized) {
            pull
            checkAuthorization
            authReducer
        }
        let featureSpin = Spin(initialState: FeatureState.loading) {
            loadFeature
            push
            featureReducer
        }
        let authStates = Box<[AuthState]>([])
        let featureStates = Box<[FeatureState]>([])
        let auth = Signal.stream(from: authSpin).observeNext { state in authStates.mutate { $0.append(state) } }
        #expect(gear.attachmentCount == otherObservers + 1)
        #expect(authStates.value == [.authorized])
        let feature = Signal.stream(from: featureSpin).observeNext { state in featureStates.mutate { $0.append(state) } }
        auth.dispose()
        feature.dispose()
        #expect(gear.attachmentCount == otherObservers)
        return (authStates.value, featureStates.value)
    }

    @Test func featureReachingUnauthorizedMakesTheAuthorizationLoopCheck() {
        let gear = Gear<AuthGearEvent>()
        let result = runAuthorizationExample(
            push: Feedback(attachedTo: gear, catching: .unauthorized, propagating: .authorizationIssueHappened),
            pull: Feedback(attachedTo: gear, catching: .authorizationIssueHappened, emitting: .checkAuthorization),
            gear: gear
        )
        #expect(result.feature == [.loading, .unauthorized])
        #expect(result.auth == [.authorized, .checking, .unauthorized])
    }

    @Test func closureFormsPropagateOnlyWhatTheyMap() {
        let gear = Gear<AuthGearEvent>()
        let seen = Box<[AuthGearEvent]>([])
        let watcher = gear.eventStream.observeNext { event in seen.mutate { $0.append(event) } }
        let result = runAuthorizationExample(
            push: Feedback(
                attachedTo: gear,
                propagating: { (state: FeatureState) in
                    state == .unauthorized ? AuthGearEvent.authorizationIssueHappened : .somethingElse
                }),
            pull: Feedback(
                attachedTo: gear,
                propagating: { (event: AuthGearEvent) in
                    event == .authorizationIssueHappened ? AuthEvent.checkAuthorization : nil
                }),
            gear: gear,
            otherObservers: 1
        )
        watcher.dispose()
        #expect(seen.value == [.somethingElse, .authorizationIssueHappened])
        #expect(result.auth == [.authorized, .checking, .unauthorized])
    }

    @Test func aGearDoesNotReplayEventsToLoopsStartedLater() {
        let gear = Gear<AuthGearEvent>()
        gear.propagate(.authorizationIssueHappened)
        let authSpin = Spin(initialState: AuthState.authorized) {
            Feedback<AuthState, AuthEvent>(
                attachedTo: gear, catching: .authorizationIssueHappened, emitting: .checkAuthorization
            )
            authReducer
        }
        let states = Box<[AuthState]>([])
        let auth = Signal.stream(from: authSpin).observeNext { state in states.mutate { $0.append(state) } }
        #expect(states.value == [.authorized])
        gear.propagate(.somethingElse)
        #expect(states.value == [.authorized])
        gear.propagate(.authorizationIssueHappened)
        #expect(states.value == [.authorized, .checking])
        auth.dispose()
        gear.propagate(.authorizationIssueHappened)
        #expect(states.value == [.authorized, .checking])
    }
}
