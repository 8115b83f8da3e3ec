extension SignalProtocol where Error == Never, Element: Sendable {
    /// Binds the signal to a subject: each element is sent into the subject.
    ///
    /// Marble: `-a-b-c|` → subject receives `-a-b-c` (no completion)
    ///
    /// ```swift
    /// let titles = PassthroughSubject<String, Never>()
    /// names.bind(to: titles)
    /// ```
    ///
    /// Only elements are forwarded: the end of this signal does not end the subject, which may
    /// have other sources (ReactiveKit's behaviour). The subject is held weakly; once it is gone,
    /// elements are dropped and the binding lasts until this signal ends or the returned
    /// disposable is disposed. Binding to a ``Property`` also ends with the property.
    ///
    /// - Parameter subject: The subject that receives the elements.
    /// - Returns: A disposable that ends the binding.
    @inlinable
    @discardableResult
    public func bind<Target: SubjectProtocol & AnyObject & Sendable>(to subject: Target) -> any Disposable
    where Target.Element == Element {
        observeNext { [weak subject] element in
            subject?.on(.next(element))
        }
    }

    /// Binds the signal to a property: each element becomes the property's value, until the
    /// property is deallocated.
    ///
    /// Marble: `-a-b-c|` → `property.value` set to `-a-b-c`
    ///
    /// ```swift
    /// let title = Property("")
    /// names.bind(to: title)
    /// ```
    ///
    /// The property is held weakly; when it is deallocated the binding ends by itself (this
    /// signal's observation is disposed).
    ///
    /// - Parameter property: The property to set.
    /// - Returns: A disposable that ends the binding early.
    @inlinable
    @discardableResult
    public func bind(to property: Property<Element>) -> any Disposable {
        // The property completes its observers when it is deallocated; only that completion
        // passes the filter. Observing the property does not retain it (only its core).
        take(until: property.filter { _ in false })
            .observeNext { [weak property] element in
                property?.value = element
            }
    }
}

extension Property where Value: Equatable & Sendable {
    /// Binds two properties both ways: a change of either is copied to the other.
    ///
    /// Marble: `a` set to `-x---` and `b` set to `---y-` → both read `-x-y-`
    ///
    /// ```swift
    /// let text = Property("")
    /// let field = Property("draft")
    /// text.bidirectionalBind(to: field)   // field.value == "" (it takes text's value)
    /// field.value = "hello"               // text.value == "hello"
    /// ```
    ///
    /// At once `other` takes this property's value. There is no feedback loop: a value is copied
    /// only when it differs from the other property's current value, so a change crosses once and
    /// its echo stops at the property it came from. Both properties are held weakly; the
    /// binding ends when either is deallocated. Write to the pair from one context at a time:
    /// simultaneous writes to both sides from different threads are not ordered with each other.
    ///
    /// - Parameter other: The property to keep in sync with this one.
    /// - Returns: A disposable that ends both directions.
    @inlinable
    @discardableResult
    public func bidirectionalBind(to other: Property<Value>) -> any Disposable {
        let forward =
            self
            .filter { [weak other] value in other.map { $0.value != value } ?? false }
            .bind(to: other)
        let backward =
            other
            .filter { [weak self] value in self.map { $0.value != value } ?? false }
            .bind(to: self)
        return CompositeDisposable([forward, backward])
    }
}
