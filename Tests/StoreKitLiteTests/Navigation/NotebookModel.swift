import StoreKitLite

// A feature with a navigation stack, for the stack's tests: a notebook whose path shows notes
// and a note's history.

struct Note: Equatable, Sendable {
    let id: Int
    var text = ""
    var isPinned = false
}

enum NoteAction: Equatable, Sendable {
    case edit(String)
    case pin
    case close
    case openHistory
}

/// A screen of the notebook's stack.
enum Page: Equatable, Sendable {
    case note(Note)
    case history(noteID: Int)

    var note: Note? { if case .note(let note) = self { note } else { nil } }
}

enum PageAction: Equatable, Sendable {
    case note(NoteAction)
}

struct Notebook: Equatable, Sendable {
    var title = "Notes"
    var path = StackState<Page>()
    /// What the notebook's own reducer saw of its stack's actions, in order.
    var seen: [String] = []
}

enum NotebookAction: Equatable, Sendable {
    case open(Note)
    case popToRoot
    case rename(String)
    case refuseNextPush
    case path(StackAction<Page, PageAction>)
}

let pageReducer = Reducer<Page, PageAction>(mutating: { page, action throws(StoreError) in
    switch (page, action) {
    case (.note(var note), .note(let action)):
        switch action {
        case .edit(let text): note.text = text
        case .pin: note.isPinned.toggle()
        case .close, .openHistory: return  // the notebook answers these
        }
        page = .note(note)
    case (.history, .note):
        throw StoreError.rejected("a history page has no note actions")
    }
})

let notebookReducer = Reducer<Notebook, NotebookAction>(mutating: { book, action throws(StoreError) in
    switch action {
    case .open(let note):
        book.path.append(.note(note))
    case .popToRoot:
        book.path.removeAll()
    case .rename(let title):
        book.title = title
    case .refuseNextPush:
        book.seen.append("refuse next push")
    case .path(.element(let id, .note(.close))):
        book.path.pop(from: id)  // the screen asked to be dismissed
    case .path(.element(let id, .note(.openHistory))):
        if let note = book.path[id: id]?.note { book.path.append(.history(noteID: note.id)) }
    case .path(.element(let id, .note(let action))):
        book.seen.append("element \(id) \(action), text now \(book.path[id: id]?.note?.text ?? "gone")")
    case .path(.popFrom(let id)):
        book.seen.append("popFrom \(id), depth \(book.path.count)")
    case .path(.push):
        if book.seen.last == "refuse next push" { throw StoreError.rejected("no push now") }
        book.seen.append("push, depth \(book.path.count)")
    }
})
.forEach(\.path, action: { if case .path(let action) = $0 { action } else { nil } }, destination: pageReducer)
