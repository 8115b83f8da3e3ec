/// The screens of a navigation stack, in order, each with a ``StackElementID`` of its own
/// (TCA's `StackState`): the state behind `NavigationStack(path:)`.
///
/// ```swift
/// struct Contacts: Equatable, Sendable {
///     var path = StackState<ContactsScreen>()
/// }
///
/// contacts.path.append(.detail(contact))   // push: the screen gets the next id
/// contacts.path.pop(from: id)              // pop the screen `id` and those above it
/// contacts.path.removeAll()                // pop to the root
/// contacts.path[id: id]                    // the screen `id`, or nil once it was popped
/// ```
///
/// It is a random-access, range-replaceable collection of its elements, so `append`,
/// `removeLast`, `removeAll`, `last`, `count` and `for screen in path` work as on an array. Each
/// element inserted is given the stack's next id; changing a screen in place through
/// ``subscript(id:)`` keeps its id, and `removeAll(where:)` and `filter(_:)` keep the ids of the
/// screens they keep.
///
/// The ids come from a counter in the stack itself, not from a clock or a generator: the same
/// pushes give the same ids, so a reducer that pushes stays deterministic (a journal replays it
/// exactly, and a `TestStore` test's expected state, made by the same `append`, has the same
/// ids). An id is never given twice by a stack, even after its screen was popped, so the child
/// host of a popped screen is never reused for a new one (``ObservableStore/scope(forEach:action:)->[ObservableStore<Element,ElementAction>]``).
///
/// A new stack (``init(_:)``, an array literal) numbers its screens from `0`. So to replace the
/// screens a state shows, change its stack (`path.removeAll()` then `path.append(…)`), which
/// gives new ids, rather than assigning a new stack: a new stack's `#0` would be taken for the
/// screen `#0` shown before, and keep its host.
///
/// Two stacks are equal when they hold the same elements under the same ids and would give the
/// same next id.
public struct StackState<Element> {
    /// The ids of the screens, bottom first (parallel to `elements`).
    var screenIDs: [StackElementID]
    /// The screens' states, bottom first.
    var elements: [Element]
    /// The generation the next inserted element gets.
    var nextGeneration: Int

    /// An empty stack: the root alone is shown.
    public init() {
        screenIDs = []
        elements = []
        nextGeneration = 0
    }

    /// A stack of `elements`, bottom first, with the ids `0`, `1`, … in that order.
    ///
    /// ```swift
    /// var path = StackState<Screen>([.list, .detail(item)])   // ids #0 and #1
    /// ```
    ///
    /// - Parameter elements: The screens' states.
    public init<Elements: Sequence<Element>>(_ elements: Elements) {
        self.elements = Array(elements)
        screenIDs = self.elements.indices.map { StackElementID(generation: $0) }
        nextGeneration = self.elements.count
    }

    /// The screens' ids, bottom first: what a stack's view depends on (which screens, in which
    /// order), and what ``StackAction`` names a screen by.
    public var ids: [StackElementID] {
        screenIDs
    }

    /// The id the next pushed screen gets.
    public var nextID: StackElementID {
        StackElementID(generation: nextGeneration)
    }

    /// The screen with `id`, or nil when no screen on the stack has it (it was popped).
    ///
    /// Setting a value replaces that screen's state and keeps its id; setting nil pops that
    /// screen alone (those above it stay). Setting a value for an id not on the stack does
    /// nothing: push with `append(_:)`.
    ///
    /// ```swift
    /// if case .detail(var contact)? = path[id: id] {
    ///     contact.isFavorite = true
    ///     path[id: id] = .detail(contact)
    /// }
    /// ```
    ///
    /// - Parameter id: The screen's id.
    /// - Complexity: O(*n*) to find the id, *n* being the stack's depth.
    public subscript(id id: StackElementID) -> Element? {
        get {
            screenIDs.firstIndex(of: id).map { elements[$0] }
        }
        set {
            guard let index = screenIDs.firstIndex(of: id) else { return }
            if let newValue {
                elements[index] = newValue
            } else {
                screenIDs.remove(at: index)
                elements.remove(at: index)
            }
        }
    }

    /// Pops the screen with `id` and every screen above it (TCA's `pop(from:)`); nothing when
    /// no screen has `id`.
    ///
    /// ```swift
    /// case .path(.element(let id, .detail(.close))):
    ///     contacts.path.pop(from: id)                // the screen asked to be dismissed
    /// ```
    ///
    /// - Parameter id: The lowest screen to pop.
    public mutating func pop(from id: StackElementID) {
        guard let index = screenIDs.firstIndex(of: id) else { return }
        removeSubrange(index...)
    }

    /// Pops every screen above the one with `id`, which stays on top (TCA's `pop(to:)`);
    /// nothing when no screen has `id`.
    ///
    /// ```swift
    /// contacts.path.pop(to: firstDetail)
    /// ```
    ///
    /// - Parameter id: The screen to show.
    public mutating func pop(to id: StackElementID) {
        guard let index = screenIDs.firstIndex(of: id) else { return }
        removeSubrange((index + 1)...)
    }

    /// Pushes a screen: appends `element` with the stack's next id.
    ///
    /// - Parameter element: The screen's state.
    /// - Complexity: Amortized O(1).
    public mutating func append(_ element: Element) {
        screenIDs.append(StackElementID(generation: nextGeneration))
        elements.append(element)
        nextGeneration += 1
    }

    /// Undoes the push that gave `id`, if it is still on top and the last id given (a refused
    /// push; see ``Reducer/forEach(_:action:destination:)``).
    mutating func undoPush(_ id: StackElementID) {
        guard screenIDs.last == id, id.generation == nextGeneration - 1 else { return }
        screenIDs.removeLast()
        elements.removeLast()
        nextGeneration -= 1
    }

    /// Changes the element with `id` in place, if it is on the stack (the stack reducer's
    /// access to a screen's state, without a copy of the element).
    mutating func modify<Result, Failure: Error>(
        id: StackElementID,
        _ body: (inout Element) throws(Failure) -> Result
    ) throws(Failure) -> Result? {
        guard let index = screenIDs.firstIndex(of: id) else { return nil }
        return try body(&elements[index])
    }
}

extension StackState: RandomAccessCollection, RangeReplaceableCollection {
    /// The bottom screen's position, 0.
    public var startIndex: Int { 0 }

    /// The position after the top screen: the stack's depth.
    public var endIndex: Int { elements.count }

    /// The screen at `position` (0 is the bottom). To change a screen in place, set it through
    /// ``subscript(id:)``, which keeps its id.
    ///
    /// - Parameter position: A valid position.
    public subscript(position: Int) -> Element {
        elements[position]
    }

    /// Replaces the screens in `subrange` with `newElements`, each of which gets a new id in
    /// order; the removed screens' ids are not given again.
    ///
    /// - Parameters:
    ///   - subrange: The positions to replace.
    ///   - newElements: The screens' states to insert there.
    /// - Complexity: O(*n* + *m*), *m* being the number of new elements.
    public mutating func replaceSubrange<Elements: Collection<Element>>(_ subrange: Range<Int>, with newElements: Elements) {
        let first = nextGeneration
        let count = newElements.count
        elements.replaceSubrange(subrange, with: newElements)
        screenIDs.replaceSubrange(subrange, with: (first..<first + count).map { StackElementID(generation: $0) })
        nextGeneration = first + count
    }

    /// Pops every screen (pop to the root); the next push still gets a new id.
    ///
    /// - Parameter keepCapacity: Whether to keep the storage for as many screens.
    public mutating func removeAll(keepingCapacity keepCapacity: Bool = false) {
        screenIDs.removeAll(keepingCapacity: keepCapacity)
        elements.removeAll(keepingCapacity: keepCapacity)
    }

    /// Pops the screens that satisfy `shouldBeRemoved`; the others keep their ids and order.
    ///
    /// - Parameter shouldBeRemoved: Whether to pop a screen.
    /// - Throws: What `shouldBeRemoved` throws (the stack is then unchanged).
    public mutating func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
        let kept = try indices.filter { try !shouldBeRemoved(elements[$0]) }
        guard kept.count < elements.count else { return }
        let keptIDs = kept.map { screenIDs[$0] }
        screenIDs = keptIDs
        elements = kept.map { elements[$0] }
    }

    /// The screens that satisfy `isIncluded`, with their ids, as a stack that gives the same
    /// next id as this one.
    ///
    /// - Parameter isIncluded: Whether to keep a screen.
    /// - Returns: The filtered stack.
    /// - Throws: What `isIncluded` throws.
    public func filter(_ isIncluded: (Element) throws -> Bool) rethrows -> StackState {
        var kept = self
        try kept.removeAll { try !isIncluded($0) }
        return kept
    }

    /// Reserves room for `minimumCapacity` screens.
    ///
    /// - Parameter minimumCapacity: The number of screens to make room for.
    public mutating func reserveCapacity(_ minimumCapacity: Int) {
        screenIDs.reserveCapacity(minimumCapacity)
        elements.reserveCapacity(minimumCapacity)
    }
}

extension StackState: ExpressibleByArrayLiteral {
    /// A stack of the listed screens, bottom first, with the ids `0`, `1`, … in order.
    ///
    /// ```swift
    /// var path: StackState<Screen> = [.detail(item)]
    /// ```
    ///
    /// - Parameter elements: The screens' states.
    public init(arrayLiteral elements: Element...) {
        self.init(elements)
    }
}

extension StackState: Sendable where Element: Sendable {}

extension StackState: Equatable where Element: Equatable {
    /// Whether two stacks hold the same elements under the same ids and give the same next id.
    ///
    /// - Parameters:
    ///   - lhs: A stack.
    ///   - rhs: Another stack.
    /// - Returns: Whether they are equal.
    public static func == (lhs: StackState, rhs: StackState) -> Bool {
        lhs.nextGeneration == rhs.nextGeneration && lhs.screenIDs == rhs.screenIDs && lhs.elements == rhs.elements
    }
}

extension StackState: Hashable where Element: Hashable {
    /// Hashes the ids, the elements and the next id.
    ///
    /// - Parameter hasher: The hasher.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(nextGeneration)
        hasher.combine(screenIDs)
        hasher.combine(elements)
    }
}

extension StackState: CustomStringConvertible {
    /// The screens with their ids, bottom first: `[#0: list, #2: detail(…)]`.
    public var description: String {
        "[" + zip(screenIDs, elements).map { "\($0): \($1)" }.joined(separator: ", ") + "]"
    }
}
