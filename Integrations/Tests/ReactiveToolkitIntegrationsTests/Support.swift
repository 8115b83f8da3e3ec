import FeedbackLoop
import Foundation
import IntegrationsTestSupport
import StoreKitLite
import StreamCore

/// Orders that a payment feedback pays after a delay.
struct Orders: Sendable, Equatable {
    var submitted: [Int] = []
    var paid: [Int] = []
}

enum OrderAction: Sendable, Equatable {
    case submit(Int)
    case paid(Int)
    case debugOnly
}

let ordersReducer = Reducer<Orders, OrderAction>(mutating: { state, action throws(StoreError) in
    switch action {
    case .submit(let id):
        guard id >= 0 else { throw .rejected("negative id \(id)") }
        state.submitted.append(id)
    case .paid(let id): state.paid.append(id)
    case .debugOnly: break
    }
})

/// Pays each newly submitted order after `delay` (a real `Task.sleep`), as an effect in flight.
/// `sawAState`, if given, is set once the feedback received its first state (the store's state
/// when it attached): a test that needs the effects it starts reported under their action waits
/// for it, since a state already current at attachment is reported under no action.
func paymentFeedback(delay: Duration, sawAState: Locked<Bool>? = nil) -> Feedback<Orders, OrderAction> {
    Feedback<Orders, OrderAction>(events: { states in
        states.handleEvents(receiveOutput: { _ in sawAState?.mutate { $0 = true } })
            .compactMap(\.submitted.last)
            .removeDuplicates()
            .flatMapMerge { id in
                Signal<OrderAction, Never>(operation: {
                    try? await Task.sleep(for: delay)
                    return .paid(id)
                })
                .trackedAsEffect()
            }
    }).named("payment")
}

/// Waits (polling, bounded) until `condition` holds.
func eventually(_ condition: () -> Bool, timeout: Duration = .seconds(10)) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(2))
    }
    return condition()
}
