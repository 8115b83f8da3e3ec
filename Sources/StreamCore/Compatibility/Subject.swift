// ReactiveKit's name for a passthrough subject, kept for code ported from ReactiveKit.

/// The name ReactiveKit's documents use for ``PassthroughSubject``; the two are the same type.
public typealias Subject<Element, Error: Swift.Error> = PassthroughSubject<Element, Error>
