// A stand-in for the part of SwiftUI that ReactiveToolkit's glue and the StoreKitLite article
// use, shaped like Apple's declarations (names, generic signatures, isolation), so that code
// under `#if canImport(SwiftUI)` is type-checked on Linux. Never shipped: this package exists
// only for that check (Decision 0017). Bodies do nothing; only the signatures matter.

/// SwiftUI's `View`.
@MainActor @preconcurrency
public protocol View {
    associatedtype Body: View
    @ViewBuilder var body: Self.Body { get }
}

extension Never: View {
    public var body: Never { fatalError("a stand-in is never run") }
}

/// SwiftUI's `ViewBuilder` (the subset the checked code uses).
@resultBuilder
public struct ViewBuilder {
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> {
        TupleView((repeat each content))
    }
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildEither<T: View, F: View>(first: T) -> ConditionalContent<T, F> { ConditionalContent() }
    public static func buildEither<T: View, F: View>(second: F) -> ConditionalContent<T, F> { ConditionalContent() }
}

extension Optional: View where Wrapped: View {
    public var body: Never { fatalError("a stand-in is never run") }
}

/// A view with no body of its own (the stand-in's leaves).
public protocol PrimitiveView: View where Body == Never {}
extension PrimitiveView {
    public var body: Never { fatalError("a stand-in is never run") }
}

public struct EmptyView: PrimitiveView { nonisolated public init() {} }
public struct TupleView<T>: PrimitiveView { nonisolated public init(_ value: T) {} }
public struct ConditionalContent<T, F>: PrimitiveView { nonisolated public init() {} }

public struct Text: PrimitiveView {
    public init(_ content: some StringProtocol) {}
}

public struct Button<Label: View>: PrimitiveView {
    public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {}
}
extension Button where Label == Text {
    public init(_ title: some StringProtocol, action: @escaping @MainActor () -> Void) {}
    public init(_ title: some StringProtocol, role: ButtonRole?, action: @escaping @MainActor () -> Void) {}
}

public struct Toggle<Label: View>: PrimitiveView {}
extension Toggle where Label == Text {
    public init(_ title: some StringProtocol, isOn: Binding<Bool>) {}
}

public struct TextField<Label: View>: PrimitiveView {}
extension TextField where Label == Text {
    public init(_ title: some StringProtocol, text: Binding<String>) {}
}

public struct Stepper<Label: View>: PrimitiveView {}
extension Stepper where Label == Text {
    public init(_ title: some StringProtocol, value: Binding<Int>) {}
}

public struct VStack<Content: View>: PrimitiveView {
    public init(@ViewBuilder content: () -> Content) {}
}
public struct HStack<Content: View>: PrimitiveView {
    public init(@ViewBuilder content: () -> Content) {}
}
public struct List<Content: View>: PrimitiveView {
    public init(@ViewBuilder content: () -> Content) {}
}
/// SwiftUI's `NavigationPath`, the data of a stack built without a typed path.
public struct NavigationPath {
    public init() {}
}

/// SwiftUI's `NavigationStack`, with its three initialisers.
public struct NavigationStack<Data, Root: View>: PrimitiveView {
    public init(@ViewBuilder root: () -> Root) where Data == NavigationPath {}
    public init(path: Binding<NavigationPath>, @ViewBuilder root: () -> Root) where Data == NavigationPath {}
    public init(path: Binding<Data>, @ViewBuilder root: () -> Root)
    where Data: MutableCollection, Data: RandomAccessCollection, Data: RangeReplaceableCollection, Data.Element: Hashable {}
}

/// SwiftUI's `ButtonRole`.
public struct ButtonRole: Equatable, Sendable {
    public static let destructive = ButtonRole()
    public static let cancel = ButtonRole()
    private init() {}
}

/// SwiftUI's `Visibility`.
public enum Visibility: Hashable, CaseIterable, Sendable {
    case automatic
    case visible
    case hidden
}

public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: PrimitiveView {}
extension ForEach where Data.Element: Identifiable, ID == Data.Element.ID {
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {}
}
extension ForEach {
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {}
}

extension View {
    public func navigationTitle(_ title: some StringProtocol) -> some View { self }
    public func onAppear(perform action: (@MainActor () -> Void)? = nil) -> some View { self }
    public func task(_ action: @escaping @MainActor @Sendable () async -> Void) -> some View { self }
    public func sheet<Item: Identifiable, Content: View>(
        item: Binding<Item?>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping (Item) -> Content
    ) -> some View { self }
    public func alert<A: View, M: View, T>(
        _ title: Text, isPresented: Binding<Bool>, presenting data: T?,
        @ViewBuilder actions: (T) -> A, @ViewBuilder message: (T) -> M
    ) -> some View { self }
    public func confirmationDialog<A: View, M: View, T>(
        _ title: Text, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic, presenting data: T?,
        @ViewBuilder actions: (T) -> A, @ViewBuilder message: (T) -> M
    ) -> some View { self }
    public func navigationDestination<D: Hashable, C: View>(
        for data: D.Type, @ViewBuilder destination: @escaping (D) -> C
    ) -> some View { self }
}

/// SwiftUI's `Binding`: a property wrapper over a getter and a setter.
@propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
    // As Apple declares it (iOS 18 SDK): the closures are `@Sendable` and `@isolated(any)`, so
    // what they capture must be Sendable.
    @preconcurrency public init(
        get: @escaping @isolated(any) @Sendable () -> Value,
        set: @escaping @isolated(any) @Sendable (Value) -> Void
    ) {}

    public static func constant(_ value: Value) -> Binding<Value> {
        fatalError("a stand-in is never run")
    }

    public var wrappedValue: Value {
        get { fatalError("a stand-in is never run") }
        nonmutating set {}
    }

    public var projectedValue: Binding<Value> { self }

    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        fatalError("a stand-in is never run")
    }
}

extension Binding: @unchecked Sendable where Value: Sendable {}

/// SwiftUI's `@State`.
@propertyWrapper
public struct State<Value>: DynamicProperty {
    public init(wrappedValue value: Value) {}
    public init(initialValue value: Value) {}
    public var wrappedValue: Value {
        get { fatalError("a stand-in is never run") }
        nonmutating set {}
    }
    public var projectedValue: Binding<Value> { fatalError("a stand-in is never run") }
}

/// SwiftUI's `@Bindable` (for `@Observable` models).
@propertyWrapper @dynamicMemberLookup
public struct Bindable<Value: AnyObject> {
    public init(wrappedValue: Value) {}
    public var wrappedValue: Value { fatalError("a stand-in is never run") }
    public var projectedValue: Bindable<Value> { self }
    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject> {
        fatalError("a stand-in is never run")
    }
}

public protocol DynamicProperty {}

/// SwiftUI's `App`, `Scene` and `WindowGroup`.
@MainActor @preconcurrency
public protocol App {
    associatedtype Body: Scene
    @SceneBuilder var body: Self.Body { get }
    init()
}

@MainActor @preconcurrency
public protocol Scene {}

@resultBuilder
public struct SceneBuilder {
    public static func buildBlock<Content: Scene>(_ content: Content) -> Content { content }
}

public struct WindowGroup<Content: View>: Scene {
    public init(@ViewBuilder content: () -> Content) {}
}
