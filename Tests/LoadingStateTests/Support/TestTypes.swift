import LoadingState

enum TestError: Error, Equatable {
    case boom
    case other(Int)
}

typealias State = LoadingState<Int, TestError>
