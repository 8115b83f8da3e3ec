/// Draws the paging loop in the terminal: one line per state transition
/// (`paging(page 2)  →  loadedPage(40 movies, page 2 of 3, from network)`), and a glimpse of
/// the movies a page brought.
struct Renderer: Sendable {
    let print: @Sendable (String) -> Void

    func render(from previous: PagingState, to state: PagingState) {
        print("  \(previous)  →  \(state)")
        switch state {
        case .loadedPage(let context), .refreshed(let context):
            let first = context.movies.count - context.batch.results.count + 1
            print("      " + Self.glimpse(of: context.batch.results, firstNumber: first))
        default:
            break
        }
    }

    /// `#21 Bringing Up Baby (1938) · #22 The Rules of the Game (1939) · … 18 more`.
    static func glimpse(of movies: [Movie], firstNumber: Int, shown: Int = 2) -> String {
        let listed = movies.prefix(shown).enumerated().map { offset, movie in
            "#\(firstNumber + offset) \(movie.title) (\(movie.year))"
        }
        let more = movies.count > shown ? ["… \(movies.count - shown) more"] : []
        return (listed + more).joined(separator: " · ")
    }
}
