import Foundation
import LoadingState
import StreamCore
import Testing
import TestSupport

/// The account a load is for (live "live account", test "test account").
private enum AccountKey: DependencyKey {
    static let liveValue = "live account"
    static let testValue = "test account"
}

extension DependencyValues {
    fileprivate var account: String {
        get { self[AccountKey.self] }
        set { self[AccountKey.self] = newValue }
    }
}

/// A `LoadingProperty` runs each load with the dependencies in force where it was created, with
/// what the caller that starts the load set since.
@Suite struct LoadingPropertyDependenciesTests {
    private static func property(reads: Box<[String]>) -> LoadingProperty<String, TestError> {
        LoadingProperty {
            @Dependency(\.account) var account
            reads.append(account)
            return Signal<String, TestError>(just: account).toLoadingSignal()
        }
    }

    @Test func aLoadReadsTheCreatorsValuesWhereverItStarts() {
        let reads = Box<[String]>([])
        let property = withDependencies {
            $0.account = "creator"
        } operation: {
            Self.property(reads: reads)
        }
        let observation = property.observe { _ in }  // the first load, outside the creator's scope
        #expect(reads.value == ["creator"])
        #expect(property.value == "creator")
        observation.dispose()
    }

    @Test func aReloadersChangesSinceTheCreationWin() {
        let reads = Box<[String]>([])
        let property = withDependencies {
            $0.account = "creator"
        } operation: {
            Self.property(reads: reads)
        }
        let observation = property.observe { _ in }
        withDependencies {
            $0.account = "reloader"
        } operation: {
            _ = property.reload()
        }
        #expect(reads.value == ["creator", "reloader"])
        observation.dispose()
    }
}
