/// A lifetime that ends when either of two disposables is disposed: an operator's own upstream
/// disposable, or the lifetime handed down by the operator's observer.
///
/// Passed as the upstream observer's lifetime so that a synchronous producer stops as soon as the
/// operator (or anything downstream of it) is done. Disposing it disposes only the first.
package final class LinkedLifetime: Disposable {
    private let own: any Disposable
    private let outer: ObserverLifetime?

    /// Links an operator's own disposable with the downstream lifetime.
    package init(_ own: any Disposable, _ outer: ObserverLifetime?) {
        self.own = own
        self.outer = outer
    }

    /// Disposes the operator's own disposable.
    package func dispose() {
        own.dispose()
    }

    /// Whether either lifetime ended.
    package var isDisposed: Bool {
        own.isDisposed || (outer?.isDisposed ?? false)
    }
}
