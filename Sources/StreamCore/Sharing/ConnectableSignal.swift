/// A signal that multicasts one observation of a source, through a subject, while connected.
///
/// Observing a connectable signal registers with its subject. ``connect()`` observes the source
/// with the subject as the observer, so every observer of the connectable signal shares that one
/// observation: the source's producer runs once, however many observers there are.
///
/// ```swift
/// let user = Signal<User, APIError> { observer in
///     print("Fetching user...")
///     return api.fetchUser(observer)
/// }
/// let shared = ConnectableSignal(source: user, subject: ReplaySubject(bufferSize: 1))
/// shared.observeNext { print($0.name) }
/// shared.observeNext { print($0.email) }
/// let connection = shared.connect()   // prints "Fetching user..." once
/// ```
///
/// Usually you get one from ``SignalProtocol/replay(limit:)`` or ``SignalProtocol/publish()``,
/// and turn it back into an ordinary signal with ``ConnectableSignalProtocol/refCount()``.
///
/// **Connections.** There is at most one connection at a time, even when `connect()` and
/// `dispose()` race on several threads: `connect()` while connected returns the live connection;
/// disposing it disconnects the source (a running synchronous source sees its observer's
/// `isDisposed` become `true` at once), and a later `connect()` observes the source anew, after
/// the previous observation has been disposed. The source is never started or disposed while a
/// lock is held; a connect or disconnect requested from inside the source (re-entrantly) is
/// carried out by the thread that is already connecting, as soon as the source returns.
///
/// **Termination.** When the source sends `.completed` or `.failed`, the subject receives it and
/// the connectable signal is finished for good: `connect()` then does nothing and returns a
/// disposed disposable, so the producer is never run again. Later observers get whatever the
/// subject keeps — a ``ReplaySubject`` replays its buffer and then the terminal event, a
/// ``PassthroughSubject`` just the terminal event.
///
/// **Reconnecting.** The subject lives as long as the connectable signal. After a disconnect,
/// the next connection feeds the same subject, so a replaying subject still holds (and replays
/// to new observers) the elements of the previous connection, followed by the new ones.
/// See `Docs/Decisions/0006-sharing.md`.
public final class ConnectableSignal<Source: SignalProtocol>: ConnectableSignalProtocol, SwitchedConnectable, Sendable {
    /// The type of elements, the source's.
    public typealias Element = Source.Element
    /// The type of error, the source's.
    public typealias Error = Source.Error

    @usableFromInline
    let subject: any SubjectProtocol<Element, Error>
    /// Connects `source` to `subject`; shared with ``refCount()``.
    @usableFromInline
    package let connectionSwitch: ConnectionSwitch

    /// Creates a connectable signal that multicasts `source` through `subject`.
    ///
    /// ```swift
    /// let clicks = ConnectableSignal(source: taps, subject: PassthroughSubject())
    /// ```
    ///
    /// - Parameters:
    ///   - source: The signal to observe once per connection.
    ///   - subject: The subject that receives the source's events and delivers them to every
    ///     observer. It is kept for the connectable signal's lifetime, across reconnections.
    @inlinable
    public init<Subject: SubjectProtocol>(source: Source, subject: Subject)
    where Subject.Element == Element, Subject.Error == Error {
        self.subject = subject
        connectionSwitch = ConnectionSwitch(start: { connection in
            source.subscribe(
                Observer(lifetime: connection) { event in
                    // Events from a connection that has since been disposed go nowhere.
                    if connection.isDisposed { return }
                    if event.isTerminal {
                        // Finished before the subject hears of it: a racing connect() cannot
                        // start the source again.
                        connection.owner.terminate()
                        subject.on(event)
                        connection.owner.settle()
                    } else {
                        subject.on(event)
                    }
                })
        })
    }

    /// Registers an observer with the subject; it receives events once the signal is connected.
    ///
    /// ```swift
    /// let shared = source.replay(limit: 1)
    /// let observation = shared.observe { event in print(event) }   // the replay, if any
    /// let connection = shared.connect()                           // then the source's events
    /// ```
    ///
    /// - Parameter observer: Called with each event the subject delivers, serially.
    /// - Returns: A disposable that removes the observer. It does not disconnect the source.
    public func observe(with observer: @escaping @Sendable (Signal<Element, Error>.Event) -> Void) -> any Disposable {
        subject.observe(with: observer)
    }

    /// Starts observing the source with the subject, unless already connected.
    ///
    /// ```swift
    /// let connection = shared.connect()
    /// // …
    /// connection.dispose()   // stops the source; observers stay registered with the subject
    /// ```
    ///
    /// - Returns: The live connection; disposing it disconnects the source for every observer.
    ///   After the source has terminated, a disposed disposable (nothing is started).
    public func connect() -> any Disposable {
        connectionSwitch.connect()
    }
}
