// The shared vocabulary (`Signal`, `Reducer`, `StoreError`, disposables, schedulers) lives in
// StreamCore; importing this module imports it too, so `Reducer<State, Action>` resolves without
// a second import and without qualification in a file that imports FeedbackLoop and StoreKitLite.
@_exported public import StreamCore
