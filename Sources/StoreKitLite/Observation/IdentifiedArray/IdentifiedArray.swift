import Synchronization

/// An ordered collection of identified elements, read and changed by position or by `id`
/// (TCA's `IdentifiedArray`, from swift-identified-collections), whose versions share their
/// storage: what an ``ObservableStore`` shows at O(1) cost per change, whatever the length.
///
/// ```swift
/// struct Todos: Equatable, Sendable {
///     var items: IdentifiedArrayOf<Todo> = []
/// }
///
/// let reducer = Reducer<Todos, TodosAction>(mutating: { todos, action in
///     switch action {
///     case .rename(let id, let title): todos.items[id: id]?.title = title   // O(1)
///     case .add(let todo): todos.items.append(todo)
///     case .remove(let id): todos.items.remove(id: id)
///     }
/// })
/// ```
///
/// Use it for a list an ``ObservableStore`` hosts with
/// ``ObservableStore/scope(forEach:action:)->[ObservableStore<Element,ChildAction>]``:
///
/// - **No copy per change.** An `ObservableStore` shows the previous state while the store
///   reduces the next action, so a plain array in the state is shared at that moment and a
///   reducer's `items[i].title = …` copies all of it (copy-on-write), O(n), then the shown copy
///   is destroyed, O(n). This collection's versions share one storage (`ElementVersion`): a
///   change made while an older version is held writes in place and leaves, in the older
///   version, the one element it replaced. O(1), whatever the length.
/// - **Changed elements come from the change.** Those records are also what tells the host
///   which elements changed between the version it shows and the new one: it reads them
///   (O(changes)), never scans the others. Which `id`s sit at which positions is stamped, and the
///   stamp changes only when elements come, go or move.
/// - **By id in O(1).** `items[id: id]` looks the position up in a dictionary.
///
/// Reading an element takes a short lock (versions held on several threads share the storage),
/// so it costs a few times an array's read; an older version's read also walks the changes made
/// since. Inserting or removing an element, moving and sorting are O(n), as an array's insertion
/// or removal is; appending is O(1) amortized, O(n) while another version is held (the elements
/// and their positions are copied, as an array's are).
///
/// Elements are identified by their `Identifiable` conformance, and ids are unique: adding an
/// element whose id is already there changes nothing (``append(_:)`` and
/// ``insert(_:at:)`` return `inserted: false`), and changing an element's id in place is a
/// programming error that traps.
public struct IdentifiedArray<ID: Hashable, Element: Identifiable> where Element.ID == ID {
    /// The elements, in order.
    @usableFromInline var values: VersionedElements<Element>
    /// Each element's position, by id.
    @usableFromInline var positions: [ID: Int]
    /// Which ids are at which positions: a process-wide unique stamp, replaced by every change
    /// that adds, removes or moves an element. Two collections with the same stamp have the same
    /// ids at the same positions (one is a version of the other whose elements changed in place).
    @usableFromInline var structure: UInt64

    @inlinable
    init(values: VersionedElements<Element>, positions: [ID: Int]) {
        self.values = values
        self.positions = positions
        structure = nextIdentifiedArrayStructure()
    }

    /// An empty collection.
    ///
    /// ```swift
    /// var items = IdentifiedArrayOf<Todo>()
    /// ```
    @inlinable
    public init() {
        self.init(values: VersionedElements([]), positions: [:])
    }

    /// A collection of `elements`, whose ids must be unique.
    ///
    /// ```swift
    /// let items = IdentifiedArray(uniqueElements: [Todo(id: 1, title: "Milk")])
    /// ```
    ///
    /// Traps when two elements have the same id (a programming error, as TCA's and
    /// `Dictionary(uniqueKeysWithValues:)` do); use ``init(_:uniquingIDsWith:)`` for elements
    /// that may repeat an id, such as decoded input.
    ///
    /// - Parameter elements: The elements, in order.
    /// - Complexity: O(n).
    @inlinable
    public init(uniqueElements elements: some Sequence<Element>) {
        self.init(elements) { first, _ in
            preconditionFailure("IdentifiedArray(uniqueElements:): the id \(first.id) appears more than once")
        }
    }

    /// A collection of `elements`, keeping one element per id: `combine` chooses (or makes) the
    /// element for an id that appears again, at the position where the id first appeared.
    ///
    /// ```swift
    /// let latest = IdentifiedArray(events, uniquingIDsWith: { _, later in later })
    /// ```
    ///
    /// - Parameters:
    ///   - elements: The elements, in order.
    ///   - combine: Given the element kept so far for an id and a later one with the same id,
    ///     returns the element to keep; it must have the same id.
    /// - Throws: What `combine` throws.
    /// - Complexity: O(n).
    @inlinable
    public init(
        _ elements: some Sequence<Element>,
        uniquingIDsWith combine: (Element, Element) throws -> Element
    ) rethrows {
        var unique = ContiguousArray<Element>()
        var positions: [ID: Int] = [:]
        unique.reserveCapacity(elements.underestimatedCount)
        for element in elements {
            if let position = positions[element.id] {
                let kept = try combine(unique[position], element)
                precondition(kept.id == element.id, "IdentifiedArray: uniquingIDsWith returned an element with another id")
                unique[position] = kept
            } else {
                positions[element.id] = unique.count
                unique.append(element)
            }
        }
        self.init(values: VersionedElements(unique), positions: positions)
    }

    /// The elements, in order, in an array (O(n)).
    @inlinable
    public var elements: [Element] {
        Array(values.materialized)
    }

    /// The ids, in the elements' order: a view of the collection, with `contains(_:)` in O(1).
    ///
    /// ```swift
    /// if todos.items.ids.contains(id) { … }
    /// ```
    @inlinable
    public var ids: IDs {
        IDs(base: self)
    }

    /// The position of the element with `id`, or nil: O(1).
    ///
    /// - Parameter id: The id.
    /// - Returns: Its position.
    @inlinable
    public func index(id: ID) -> Int? {
        positions[id]
    }

    /// The element with `id`, or nil; setting an element changes it in place (its id must stay
    /// the same), setting nil removes it, and setting an element for an id that is not there
    /// appends it.
    ///
    /// ```swift
    /// todos.items[id: 3]?.isDone = true   // in place: O(1)
    /// todos.items[id: 3] = nil            // removes it: O(n)
    /// ```
    ///
    /// - Parameter id: The id.
    /// - Complexity: Reading and changing in place: O(1); removing: O(n).
    @inlinable
    public subscript(id id: ID) -> Element? {
        get {
            positions[id].map { values.element(at: $0) }
        }
        _modify {
            if let position = positions[id] {
                // Moved out (not copied), so that the change happens in place.
                let storage = values.storageForWriting(at: position)
                var element: Element? = storage.vacate(position)
                defer { restore(element, into: storage, at: position, id: id) }
                yield &element
            } else {
                var element: Element?
                defer {
                    if let element {
                        precondition(element.id == id, "IdentifiedArray: an element set for id \(id) has the id \(element.id)")
                        append(element)
                    }
                }
                yield &element
            }
        }
    }

    /// Puts back an element `subscript(id:)`'s in-place access moved out of `storage`, or
    /// removes its slot when the access set it to nil.
    @inlinable
    mutating func restore(_ element: Element?, into storage: _UnsafeElementStorage<Element>, at position: Int, id: ID) {
        guard let element else {
            values.removeVacatedSlot(at: position)
            removePosition(of: id, at: position)
            return
        }
        precondition(element.id == id, "IdentifiedArray: the element of id \(id) was changed to the id \(element.id)")
        storage.fill(position, with: element)
    }

    /// Removes the element with `id`, if any.
    ///
    /// ```swift
    /// let removed = todos.items.remove(id: 3)
    /// ```
    ///
    /// - Parameter id: The id.
    /// - Returns: The removed element, or nil.
    /// - Complexity: O(n).
    @inlinable
    @discardableResult
    public mutating func remove(id: ID) -> Element? {
        guard let position = positions[id] else { return nil }
        return remove(at: position)
    }
}

extension IdentifiedArray: Sendable where Element: Sendable, ID: Sendable {}

/// An `IdentifiedArray` of `Identifiable` elements: TCA's spelling, `IdentifiedArrayOf<Todo>`.
public typealias IdentifiedArrayOf<Element: Identifiable> = IdentifiedArray<Element.ID, Element>

/// A new stamp for an ``IdentifiedArray``'s positions, unique in the process.
@usableFromInline
func nextIdentifiedArrayStructure() -> UInt64 {
    identifiedArrayStructures.wrappingAdd(1, ordering: .relaxed).newValue
}

/// The last stamp handed out.
private let identifiedArrayStructures = Atomic<UInt64>(0)
