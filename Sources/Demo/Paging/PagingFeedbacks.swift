import FeedbackLoop
import StreamCore

/// The user's inputs to the paging loop: buttons in an app, keys in the terminal.
struct PagingControls: Sendable {
    let nextPage = PassthroughSubject<Void, Never>()
    let retry = PassthroughSubject<Void, Never>()
    let refresh = PassthroughSubject<Void, Never>()
}

/// The paging loop's feedbacks, as in ReactiveFeedback's movies example.
enum PagingFeedbacks {
    /// Asks for the next page when the user does, unless a request is in flight
    /// (the seed's `loadNextFeedback(for:)`).
    static func loadNext(for nextPage: Signal<Void, Never>) -> Feedback<PagingState, PagingEvent> {
        Feedback(predicate: { !$0.isLoading }) { _ in
            nextPage.map { PagingEvent.startLoadingNextPage }
        }
    }

    /// Loads the page the state asks for, once per page (the seed's `pagingFeedback()`).
    static func paging(_ loader: PageLoader) -> Feedback<PagingState, PagingEvent> {
        Feedback(skippingRepeated: { $0.nextPage }) { page in
            loader.load(.page(page))
        }
    }

    /// While an error is shown, the user's retry becomes the `.retry` event
    /// (the seed's `retryFeedback(for:)`).
    static func retry(for retry: Signal<Void, Never>) -> Feedback<PagingState, PagingEvent> {
        Feedback(skippingRepeated: { $0.lastError }) { _ in
            retry.map { PagingEvent.retry }
        }
    }

    /// Repeats the request that failed (the seed's `retryPagingFeedback()`).
    static func retryPaging(_ loader: PageLoader) -> Feedback<PagingState, PagingEvent> {
        Feedback(skippingRepeated: { $0.retryRequest }) { request in
            loader.load(request)
        }
    }

    /// Asks for a refresh when the user does, unless a request is in flight.
    static func refresh(for refresh: Signal<Void, Never>) -> Feedback<PagingState, PagingEvent> {
        Feedback(predicate: { !$0.isLoading }) { _ in
            refresh.map { PagingEvent.refresh }
        }
    }

    /// Reloads page 1 from the network while refreshing.
    static func refreshing(_ loader: PageLoader) -> Feedback<PagingState, PagingEvent> {
        Feedback(skippingRepeated: { $0.refreshRequest }) { request in
            loader.load(request)
        }
    }

    /// The paging system: the loop's states, starting with `.initial`. `host` (the UI) comes
    /// last, so it sees each state after the other feedbacks have reacted to it.
    static func system(
        loader: PageLoader, controls: PagingControls, host: Feedback<PagingState, PagingEvent>
    ) -> Signal<PagingState, Never> {
        Signal<PagingState, Never>.system(
            initial: .initial,
            reduce: PagingState.reduce,
            feedbacks: [
                loadNext(for: controls.nextPage.toSignal()),
                paging(loader),
                retry(for: controls.retry.toSignal()),
                retryPaging(loader),
                refresh(for: controls.refresh.toSignal()),
                refreshing(loader),
                host,
            ]
        )
    }
}
