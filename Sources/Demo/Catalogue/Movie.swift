/// A movie as the catalogue API sends it: `{"id": 8, "title": "Metropolis", "year": 1927}`.
struct Movie: Codable, Sendable, Hashable {
    var id: Int
    var title: String
    var year: Int
}

/// One page of the catalogue API (`GET <base>/movies?page=N`, pages start at 1):
///
/// ```json
/// {"page": 2, "total_pages": 3, "total_results": 60,
///  "results": [{"id": 21, "title": "Bringing Up Baby", "year": 1938}, …]}
/// ```
///
/// The seed's `Results<Movie>`.
struct MoviePage: Codable, Sendable, Hashable {
    var page: Int
    var totalPages: Int
    var totalResults: Int
    var results: [Movie]

    enum CodingKeys: String, CodingKey {
        case page
        case totalPages = "total_pages"
        case totalResults = "total_results"
        case results
    }

    /// No page yet (page 0).
    static let empty = MoviePage(page: 0, totalPages: 0, totalResults: 0, results: [])
}

/// The demo's built-in catalogue: 60 classic films, served 20 per page by ``CatalogueServer``.
enum Catalogue {
    static let pageSize = 20

    static let movies: [Movie] = [
        ("The Kid", 1921), ("Nosferatu", 1922), ("Safety Last!", 1923), ("Sherlock Jr.", 1924),
        ("The Gold Rush", 1925), ("Battleship Potemkin", 1925), ("The General", 1926), ("Metropolis", 1927),
        ("Sunrise", 1927), ("The Passion of Joan of Arc", 1928), ("Steamboat Bill, Jr.", 1928),
        ("Man with a Movie Camera", 1929), ("City Lights", 1931), ("M", 1931), ("Frankenstein", 1931),
        ("Duck Soup", 1933), ("King Kong", 1933), ("It Happened One Night", 1934), ("L'Atalante", 1934),
        ("Modern Times", 1936), ("Bringing Up Baby", 1938), ("The Rules of the Game", 1939),
        ("Stagecoach", 1939), ("The Wizard of Oz", 1939), ("His Girl Friday", 1940),
        ("The Philadelphia Story", 1940), ("Citizen Kane", 1941), ("The Maltese Falcon", 1941),
        ("Casablanca", 1942), ("Double Indemnity", 1944), ("Brief Encounter", 1945),
        ("It's a Wonderful Life", 1946), ("Notorious", 1946), ("Bicycle Thieves", 1948),
        ("The Third Man", 1949), ("Rashomon", 1950), ("Sunset Boulevard", 1950), ("All About Eve", 1950),
        ("Singin' in the Rain", 1952), ("Ikiru", 1952), ("Tokyo Story", 1953), ("Seven Samurai", 1954),
        ("Rear Window", 1954), ("On the Waterfront", 1954), ("The Night of the Hunter", 1955),
        ("The Searchers", 1956), ("The Seventh Seal", 1957), ("Wild Strawberries", 1957), ("Vertigo", 1958),
        ("North by Northwest", 1959), ("Some Like It Hot", 1959), ("Breathless", 1960), ("Psycho", 1960),
        ("The Apartment", 1960), ("L'Avventura", 1960), ("La Dolce Vita", 1960),
        ("Lawrence of Arabia", 1962), ("8½", 1963), ("Dr. Strangelove", 1964), ("Playtime", 1967),
    ].enumerated().map { index, film in Movie(id: index + 1, title: film.0, year: film.1) }

    static var pageCount: Int { (movies.count + pageSize - 1) / pageSize }

    /// Page `number` (1-based), or `nil` when there is no such page.
    static func page(_ number: Int) -> MoviePage? {
        guard number >= 1, number <= pageCount else { return nil }
        let start = (number - 1) * pageSize
        let results = Array(movies[start..<min(start + pageSize, movies.count)])
        return MoviePage(page: number, totalPages: pageCount, totalResults: movies.count, results: results)
    }
}
