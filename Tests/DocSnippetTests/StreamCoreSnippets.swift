import Foundation
import StreamCore

// The snippets of StreamCore's articles: GettingStarted.md, SignalsAndSubjects.md,
// SharingAndReplay.md and Threading.md. Each region between `// snippet: Name` and `// end` is
// shown verbatim in an article.

enum GettingStartedSnippets {
    static func firstSignal() {
        // snippet: GettingStartedFirstSignal
        let numbers = Signal<Int, Never> { observer in
            observer.receive(1)
            observer.receive(2)
            observer.receive(completion: .finished)
            return NonDisposable.instance
        }
        let observation = numbers.observe { event in print(event) }
        observation.dispose()
        // end
    }

    static func operators() {
        // snippet: GettingStartedOperators
        let bag = DisposeBag()
        Signal<Int, Never>.sequence(1...10)
            .filter { $0.isMultiple(of: 3) }
            .map { "fizz \($0)" }
            .observeNext { print($0) }
            .dispose(in: bag)
        // end
    }

    static func subjects() {
        // snippet: GettingStartedSubjects
        let bag = DisposeBag()
        let searchText = PassthroughSubject<String, Never>()
        searchText
            .removeDuplicates()
            .observeNext { print("search:", $0) }
            .dispose(in: bag)
        searchText.send("swift")
        searchText.send("swift")
        searchText.send("swift 6")

        let volume = Property(5)
        volume.observeNext { print("volume:", $0) }.dispose(in: bag)
        volume.value = 7
        // end
    }

    static func errors() {
        // snippet: GettingStartedErrors
        enum LoadError: Error { case offline }

        let attempts = Property(0)
        let load = Signal<String, LoadError> { observer in
            attempts.value += 1
            if attempts.value < 3 {
                observer.receive(completion: .failure(.offline))
            } else {
                observer.receive(lastElement: "page 1")
            }
            return NonDisposable.instance
        }
        _ = load.retry(1).recover(with: "cached page").observeNext { print($0) }
        _ = load.retry(1).recover(with: "cached page").observeNext { print($0) }
        // end
    }
}

enum SignalsSnippets {
    static func creating() {
        // snippet: SignalsCreating
        let one = Signal<Int, Never>(just: 1)
        let many = Signal<Int, Never>.sequence([1, 2, 3])
        let later = Signal<Int, Never>.deferred { .just(Int.random(in: 1...6)) }
        let decoded = Signal<Int, any Error>(catching: { try JSONDecoder().decode(Int.self, from: Data("42".utf8)) })
        // end
        _ = (one, many, later, decoded)
    }

    static func coldAndHot() {
        // snippet: SignalsColdAndHot
        let bag = DisposeBag()
        let cold = Signal<Int, Never> { observer in
            print("producer runs")
            observer.receive(lastElement: 1)
            return NonDisposable.instance
        }
        cold.observeNext { print("first:", $0) }.dispose(in: bag)
        cold.observeNext { print("second:", $0) }.dispose(in: bag)

        let hot = PassthroughSubject<Int, Never>()
        hot.send(0)                                     // nobody is listening: lost
        hot.observeNext { print("hot:", $0) }.dispose(in: bag)
        hot.send(1)
        // end
    }

    static func subjectKinds() {
        // snippet: SignalsSubjectKinds
        let bag = DisposeBag()
        let replay = ReplaySubject<String, Never>(bufferSize: 2)
        replay.send("a")
        replay.send("b")
        replay.send("c")
        replay.observeNext { print("replay:", $0) }.dispose(in: bag)

        let current = CurrentValueSubject<Int, Never>(10)
        current.observeNext { print("current:", $0) }.dispose(in: bag)
        current.send(11)
        print("value is", current.value)
        // end
    }

    static func binding() {
        // snippet: SignalsBinding
        let bag = DisposeBag()
        let celsius = Property(20.0)
        let fahrenheit = Property(0.0)
        celsius.map { $0 * 9 / 5 + 32 }.bind(to: fahrenheit).dispose(in: bag)
        celsius.value = 100
        print(fahrenheit.value)
        // end
    }

    static func combining() {
        // snippet: SignalsCombining
        let bag = DisposeBag()
        let user = Property("ada")
        let password = Property("")
        user.combineLatest(with: password)
            .map { name, secret in !name.isEmpty && secret.count >= 8 }
            .removeDuplicates()
            .observeNext { print("can log in:", $0) }
            .dispose(in: bag)
        password.value = "correct horse"
        // end
    }
}

enum SharingSnippets {
    static func share() {
        // snippet: SharingShare
        let bag = DisposeBag()
        let fetches = Property(0)
        let user = Signal<String, Never> { observer in
            fetches.value += 1
            observer.receive(lastElement: "Ada")
            return NonDisposable.instance
        }.share(limit: 1)

        user.observeNext { print("header:", $0) }.dispose(in: bag)
        user.observeNext { print("avatar:", $0) }.dispose(in: bag)
        print("fetches:", fetches.value)
        // end
    }

    static func connectable() {
        // snippet: SharingConnectable
        let bag = DisposeBag()
        let ticks = PassthroughSubject<Int, Never>()
        let published = ticks.replay(limit: 1)
        published.observeNext { print("A", $0) }.dispose(in: bag)
        ticks.send(1)                           // not connected yet: lost
        published.connect().dispose(in: bag)
        ticks.send(2)
        published.observeNext { print("B", $0) }.dispose(in: bag)   // replays 2
        ticks.send(3)
        // end
    }
}

enum ThreadingSnippets {
    static func contexts() {
        // snippet: ThreadingContexts
        let parsing = DispatchQueue(label: "parsing")
        let observation = Signal<String, Never>.sequence(["1", "2", "x"])
            .subscribe(on: parsing)                 // the producer runs on `parsing`
            .compactMap { Int($0) }
            .receive(on: .main)                     // the observer is called on the main queue
            .observeNext { number in print("parsed", number) }
        // end
        observation.dispose()
    }

    static func schedulers() {
        // snippet: ThreadingSchedulers
        let queue = DispatchQueue(label: "timers")
        let ticker = queue.schedule(after: .zero, every: .milliseconds(100)) { print("tick") }
        let stop = queue.schedule(after: .seconds(1)) { ticker.dispose() }
        // end
        stop.dispose()
        ticker.dispose()
    }

    static func debounce() {
        // snippet: ThreadingDebounce
        let query = PassthroughSubject<String, Never>()
        let searches = query
            .debounce(for: .milliseconds(300), on: DispatchQueue.main)
            .removeDuplicates()
        // end
        _ = searches
    }
}
