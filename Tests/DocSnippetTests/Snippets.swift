// The snippets whose articles say what they print: run by `snippetsPrintWhatTheArticlesSay`.
enum Snippets {
    static let runnable: [String: @Sendable () throws -> Void] = [
        "GettingStartedFirstSignal": GettingStartedSnippets.firstSignal,
        "GettingStartedOperators": GettingStartedSnippets.operators,
        "GettingStartedSubjects": GettingStartedSnippets.subjects,
        "GettingStartedErrors": GettingStartedSnippets.errors,
        "SignalsColdAndHot": SignalsSnippets.coldAndHot,
        "SignalsSubjectKinds": SignalsSnippets.subjectKinds,
        "SignalsBinding": SignalsSnippets.binding,
        "SignalsCombining": SignalsSnippets.combining,
        "SharingShare": SharingSnippets.share,
        "SharingConnectable": SharingSnippets.connectable,
        "TestingMismatch": TestingPrintSnippets.mismatch,
        "FeedbackCounter": FeedbackLoopSnippets.counter,
        "FeedbackPaging": FeedbackLoopSnippets.paging,
        "FeedbackInput": FeedbackLoopSnippets.input,
        "FeedbackSpinForms": FeedbackLoopSnippets.spinForms,
        "FeedbackDiagnostics": FeedbackLoopSnippets.diagnostics,
        "StoreCounter": StoreSnippets.counter,
        "StoreMiddleware": StoreSnippets.middleware,
        "StoreFeedbackService": StoreSnippets.feedbackService,
        "StoreTimeTravel": StoreSnippets.timeTravel,
        "LoadingToLoadingSignal": LoadingStateSnippets.toLoadingSignal,
        "LoadingListener": LoadingStateSnippets.listener,
        "LoadingProperty": LoadingStateSnippets.property,
        "LoadingObservedStates": LoadingStateSnippets.observedStates,
    ]
}
