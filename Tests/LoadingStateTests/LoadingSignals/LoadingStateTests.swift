// Deliberately no `import StreamCore`: client code that imports LoadingState alone can use it.
import TestSupport
import LoadingState
import Testing

@Suite struct LoadingStateTests {
    @Test func accessorsReadTheCase() {
        let loaded: LoadingState<Int, TestError> = .loaded(3)
        let failed: LoadingState<Int, TestError> = .failed(.boom)
        let loading: LoadingState<Int, TestError> = .loading
        #expect(loaded.value == 3 && loaded.error == nil && !loaded.isLoading)
        #expect(failed.error == .boom && failed.value == nil)
        #expect(loading.isLoading)
    }

    @Test func sameStateIgnoresPayloads() {
        let a: LoadingState<Int, TestError> = .loaded(1)
        let b: LoadingState<String, TestError> = .loaded("x")
        #expect(a.isSameState(as: b))
        #expect(!a.isSameState(as: LoadingState<Int, TestError>.loading))
        #expect(LoadingState<Int, TestError>.failed(.boom).isSameState(as: LoadingState<Int, TestError>.failed(.other(1))))
    }

    @Test func clientCodeNamesTheTypeDespiteTheModuleName() {
        // `import LoadingState`, then `LoadingState<User, APIError>` resolves to the type.
        let state: LoadingState<String, TestError> = .loaded("user")
        #expect(state == .loaded("user"))
    }

    @Test func moduleSelectorQualifiesOtherTypes() {
        let property = LoadingState::LoadingProperty<Int, TestError> { .loaded(1) }
        #expect(property.value == nil)
    }

    @Test func clientCodeWorksWithOnlyImportLoadingState() {
        let property = LoadingProperty<Int, TestError> { .loaded(7) }
        let seen = Box<[Int]>([])
        let disposable = property.value().observeNext { value in seen.mutate { $0.append(value) } }
        #expect(seen.value == [7])
        disposable.dispose()
    }
}
