import StreamCore

// Small signal helpers LoadingState needs that StreamCore does not offer (yet).
extension SignalProtocol {
    /// Maps each element with a throwing transform; a thrown error fails the signal.
    func tryMap<U>(_ transform: @escaping @Sendable (Element) throws(Error) -> U) -> Signal<U, Error> {
        Signal<U, Error> { observer in
            self.observe { event in
                switch event {
                case .next(let element):
                    do throws(Error) {
                        observer.receive(try transform(element))
                    } catch {
                        observer.on(.failed(error))
                    }
                case .failed(let error): observer.on(.failed(error))
                case .completed: observer.on(.completed)
                }
            }
        }
    }
}
