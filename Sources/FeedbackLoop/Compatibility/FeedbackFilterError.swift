/// The failure a `filteredByResult:` filter returns for a state that must not start the effect
/// (Spin's `FeedbackFilterError`).
///
/// ```swift
/// let loadPage = Feedback<Browser, BrowserEvent>(
///     effect: { (page: Int) in api.page(page) },
///     filteredByResult: { browser in
///         browser.isLoading ? .success(browser.page) : .failure(.effectIsNotExecuted)
///     }
/// )
/// ```
public enum FeedbackFilterError: Swift.Error, Sendable, Equatable {
    /// The state does not start the effect; under `.cancelOnNewState` it cancels the running one.
    case effectIsNotExecuted
}
