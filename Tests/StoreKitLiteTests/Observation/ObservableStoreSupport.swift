import Observation
import StoreKitLite
import TestSupport

struct Row: Identifiable, Sendable, Equatable {
    let id: Int
    var title: String
    var isDone = false
}

struct Board: Sendable, Equatable {
    var title = "Board"
    var count = 0
    var rows: [Row] = []
    var settings = BoardSettings()
}

struct BoardSettings: Sendable, Equatable {
    var sound = false
    var volume = 0
}

enum SettingsAction: Sendable, Equatable {
    case setSound(Bool)
    case setVolume(Int)
}

enum RowAction: Sendable, Equatable {
    case rename(String)
    case toggle
}

enum BoardAction: Sendable, Equatable {
    case increment
    case rename(String)
    case setCount(Int)
    case append(Row)
    case remove(id: Int)
    case reverse
    case row(Int, RowAction)
    case settings(SettingsAction)
}

let boardReducer = Reducer<Board, BoardAction>(mutating: { board, action throws(StoreError) in
    switch action {
    case .increment: board.count += 1
    case .rename(let title): board.title = title
    case .setCount(let count): board.count = count
    case .append(let row): board.rows.append(row)
    case .remove(let id): board.rows.removeAll { $0.id == id }
    case .reverse: board.rows.reverse()
    case .row(let id, let action):
        guard let index = board.rows.firstIndex(where: { $0.id == id }) else { throw StoreError.rejected("no row \(id)") }
        switch action {
        case .rename(let title): board.rows[index].title = title
        case .toggle: board.rows[index].isDone.toggle()
        }
    case .settings(.setSound(let sound)): board.settings.sound = sound
    case .settings(.setVolume(let volume)): board.settings.volume = volume
    }
})

func board(rows: Int) -> Board {
    Board(rows: (0..<rows).map { Row(id: $0, title: "row \($0)") })
}

/// Counts the invalidations of one tracked read (re-registering after each, like a view).
@MainActor
final class Reader {
    private let read: @MainActor () -> Void
    let invalidations = Box(0)

    init(_ read: @escaping @MainActor () -> Void) {
        self.read = read
        track()
    }

    private func track() {
        let invalidations = self.invalidations
        withObservationTracking(
            { read() },
            onChange: {
                invalidations.mutate { $0 += 1 }
            })
    }

    /// Reads again (a view's next render) so that the next change is tracked too.
    func render() {
        track()
    }
}
