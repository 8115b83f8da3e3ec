import TestSupport
import FeedbackLoop
import StreamCore
import StreamCoreTesting
import Testing

/// The seed's movie paging system, run by `Signal.system` on virtual time.
@Suite struct MoviePagingTests {
    @Test func pagingLoadsThenFailsThenRetriesAndLoads() {
        let scheduler = TestScheduler()
        let failure = APIError(message: "offline")
        let api = FakeMovieAPI(scheduler: scheduler, script: [2: [.failure(failure), .success(.page(2))]])
        let nearBottom = PassthroughSubject<Void, Never>()
        let retryTaps = PassthroughSubject<Void, Never>()
        let system = Signal<MovieState, Never>.system(
            initial: .initial,
            reduce: MovieState.reduce,
            feedbacks: MovieFeedbacks.all(api: api, nearBottom: nearBottom.toSignal(), retry: retryTaps.toSignal())
        )
        let states = Box<[MovieState]>([])
        let observation = system.observeNext { state in states.mutate { $0.append(state) } }

        nearBottom.send(())  // paging, page 1 requested
        nearBottom.send(())  // ignored: loadNext is off while paging
        scheduler.advance(by: .seconds(1))  // page 1 arrives
        nearBottom.send(())  // paging, page 2 requested
        scheduler.advance(by: .seconds(1))  // page 2 fails
        retryTaps.send(())  // retry, page 2 requested again
        scheduler.advance(by: .seconds(1))  // page 2 arrives

        let page1 = MovieContext.loaded(through: 1)
        #expect(
            states.value == [
                .initial,
                .paging(context: .empty),
                .loadedPage(context: page1),
                .paging(context: page1),
                .error(error: failure, context: page1),
                .retry(context: page1),
                .loadedPage(context: .loaded(through: 2)),
            ])
        #expect(api.requests.value == [1, 2, 2])
        #expect(api.cancellations.value.isEmpty)

        observation.dispose()
        #expect(nearBottom.observerCount == 0)
        #expect(retryTaps.observerCount == 0)
    }

    @Test func disposingTheSystemCancelsTheRequestInFlight() {
        let scheduler = TestScheduler()
        let api = FakeMovieAPI(scheduler: scheduler)
        let nearBottom = PassthroughSubject<Void, Never>()
        let system = Signal<MovieState, Never>.system(
            initial: .initial,
            reduce: MovieState.reduce,
            feedbacks: MovieFeedbacks.all(api: api, nearBottom: nearBottom.toSignal(), retry: .never())
        )
        let states = Box<[MovieState]>([])
        let observation = system.observeNext { state in states.mutate { $0.append(state) } }
        nearBottom.send(())
        observation.dispose()
        scheduler.advance(by: .seconds(1))
        #expect(states.value == [.initial, .paging(context: .empty)])
        #expect(api.requests.value == [1])
        #expect(api.cancellations.value == [1])
        #expect(scheduler.pendingCount == 0)
    }
}
