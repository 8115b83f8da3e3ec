/// What an inspector page reads and asks: a live ``StoreInspector``, or an ``InspectedSession``
/// imported from a file (read-only). `InspectorServer` serves one of each.
///
/// Every answer is a JSON tree (``InspectorValue``) in the shapes ``StoreInspector`` documents.
public protocol InspectorSource: AnyObject, Sendable {
    /// Where the history stands (see ``StoreInspector/status()``).
    func status() -> InspectorValue
    /// A page of the action log (see ``StoreInspector/rows(matching:from:count:)``).
    func rows(matching query: String, from offset: Int, count: Int) -> InspectorValue
    /// One action in full (see ``StoreInspector/detail(_:)``).
    func detail(_ index: Int) throws(InspectorError) -> InspectorValue
    /// The state now.
    func currentState() -> InspectorValue
    /// The charts' data (see ``StoreInspector/charts()``).
    func charts() -> InspectorValue
    /// The session as a file's text (see ``StoreInspector/exportSession()``).
    func exportSession() throws(InspectorError) -> String
    /// Shows the state after an action (development stores).
    func jump(to index: Int) async throws(InspectorError)
    /// Skips or restores an action (development stores).
    func setSkipped(_ index: Int, _ skipped: Bool) async throws(InspectorError)
    /// Returns to the present (development stores).
    func returnToPresent() async throws(InspectorError)
    /// Restores every skipped action and returns to the present (development stores).
    func reset() async throws(InspectorError)
    /// Dispatches an action given as JSON (development stores with `Decodable` actions).
    func dispatch(json: String) throws(InspectorError)
    /// The effects an action started (see ``StoreInspector/effects(of:)``).
    func effects(of index: Int) throws(InspectorError) -> InspectorValue
    /// The latest effects, for the lane view (see ``StoreInspector/effectLanes(limit:)``).
    func effectLanes(limit: Int) -> InspectorValue
}

extension InspectorSource {
    /// No effects: a source that keeps no effects timeline (an imported session from before
    /// timelines, a replayed journal).
    ///
    /// - Parameter index: The action's index.
    /// - Returns: An empty list.
    /// - Throws: Nothing.
    public func effects(of index: Int) throws(InspectorError) -> InspectorValue {
        .object([.init("index", .number(String(index))), .init("effects", .array([])), .init("fedBack", .array([])), .init("dropped", .number("0"))])
    }

    /// No effects (see ``effects(of:)``).
    ///
    /// - Parameter limit: The most effects.
    /// - Returns: An empty list.
    public func effectLanes(limit: Int) -> InspectorValue {
        .object([.init("effects", .array([])), .init("dropped", .number("0")), .init("now", .number("0"))])
    }
}

extension StoreInspector: InspectorSource {}
