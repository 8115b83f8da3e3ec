import StreamCore

extension SignalProtocol where Element: Equatable & Sendable {
    /// Passes on an element only when it differs from the previous one.
    ///
    /// StoreKitLite's own copy of distinct-until-changed (StreamCore's public operator is being
    /// built elsewhere); a one-in/one-out trusted operator with its memory in a `SerialBox`.
    func skippingRepeats() -> Signal<Element, Error> {
        Signal.trusted({ observer in
            let previous = SerialBox<Element?>(nil)
            return self.observe(with: { event in
                if case .next(let element) = event {
                    if previous.value == element { return }
                    previous.value = element
                }
                observer.on(event)
            })
        })
    }
}
