extension SignalProtocol where Error == Never, Element: Sendable {
    /// Binds the signal to a target: calls `setter` with the target and each element, in the
    /// target's ``BindingExecutionContextProvider/bindingExecutionContext``, until the target is
    /// deallocated.
    ///
    /// Marble: `-a-b-c-d|` with the target deallocated at `-----x` → setter gets `-a-b-`
    ///
    /// ```swift
    /// presentUserProfile.bind(to: self) { me, user in
    ///     me.present(ProfileViewController(user: user))
    /// }
    /// ```
    ///
    /// The binding holds the target weakly and ends (its observation of this signal disposed,
    /// `setter` released) when the target's ``Deallocatable/deallocated`` signal completes, so
    /// the returned disposable can be ignored. Elements still queued in the context when the
    /// target goes away are dropped.
    ///
    /// - Parameters:
    ///   - target: The object to update; `Sendable`, since it is handed to `setter` in its context.
    ///   - setter: Updates the target with an element; runs in the target's context.
    /// - Returns: A disposable that ends the binding early.
    @inlinable
    @discardableResult
    public func bind<Target: Deallocatable & BindingExecutionContextProvider & Sendable>(
        to target: Target,
        setter: @escaping @Sendable (Target, Element) -> Void
    ) -> any Disposable {
        bind(to: target, context: target.bindingExecutionContext, setter: setter)
    }

    /// Binds the signal to a target, calling `setter` in `context`, until the target is
    /// deallocated.
    ///
    /// Marble: `-a-b-c-d|` with the target deallocated at `-----x` → setter gets `-a-b-`
    ///
    /// ```swift
    /// names.bind(to: model, context: .main) { model, name in model.title = name }
    /// ```
    ///
    /// Behaves as ``bind(to:setter:)``, with an explicit context: the target is held weakly and
    /// the binding ends by itself when the target is deallocated.
    ///
    /// - Parameters:
    ///   - target: The object to update.
    ///   - context: Where `setter` runs (one element at a time).
    ///   - setter: Updates the target with an element.
    /// - Returns: A disposable that ends the binding early.
    @inlinable
    @discardableResult
    public func bind<Target: Deallocatable & Sendable>(
        to target: Target,
        context: ExecutionContext,
        setter: @escaping @Sendable (Target, Element) -> Void
    ) -> any Disposable {
        take(until: target.deallocated)
            .receive(on: context)
            .observeNext { [weak target] element in
                guard let target else { return }
                setter(target, element)
            }
    }

    /// Binds the signal to a property of a target through a key path, until the target is
    /// deallocated.
    ///
    /// Marble: `-a-b-c|` → `target[keyPath:]` set to `-a-b-c`
    ///
    /// ```swift
    /// name.bind(to: label, keyPath: \.text)
    /// ```
    ///
    /// Same rules as ``bind(to:setter:)``: set in the target's context, target held weakly.
    ///
    /// - Parameters:
    ///   - target: The object to update.
    ///   - keyPath: The property set to each element.
    /// - Returns: A disposable that ends the binding early.
    @inlinable
    @discardableResult
    public func bind<Target: Deallocatable & BindingExecutionContextProvider & Sendable>(
        to target: Target,
        keyPath: any ReferenceWritableKeyPath<Target, Element> & Sendable
    ) -> any Disposable {
        bind(to: target) { target, element in
            target[keyPath: keyPath] = element
        }
    }
}
