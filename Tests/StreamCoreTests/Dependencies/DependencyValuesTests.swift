import Foundation
@testable import StreamCore
import Testing
import TestSupport

@Suite struct DependencyValuesTests {
    /// Runs `body` in a given context, with issues collected instead of reported.
    private func inContext<R>(
        _ context: DependencyContext, issues: Box<[DependencyIssue]> = Box([]), _ body: () throws -> R
    ) rethrows -> R {
        var values = DependencyValues.forTesting { issues.append($0) }
        values.context = context
        return try DependencyScope(values).install(body)
    }

    @Test func eachContextGivesItsValue() {
        #expect(inContext(.live) { DependencyValues.current.greeting } == "live")
        #expect(inContext(.preview) { DependencyValues.current.greeting } == "preview")
        #expect(inContext(.test) { DependencyValues.current.greeting } == "test")
    }

    @Test func previewValueDefaultsToTheLiveValueOrTheTestValue() {
        #expect(inContext(.preview) { DependencyValues.current.liveOnly } == 42)
        #expect(inContext(.preview) { DependencyValues.current.testOnly } == "test only")
    }

    @Test func anOverrideHoldsForTheOperationOnly() {
        inContext(.live) {
            let inside = withDependencies {
                $0.greeting = "hello"
            } operation: {
                DependencyValues.current.greeting
            }
            #expect(inside == "hello")
            #expect(DependencyValues.current.greeting == "live")
        }
    }

    @Test func nestedScopesKeepTheOuterOverrides() {
        inContext(.live) {
            withDependencies {
                $0.greeting = "outer"
            } operation: {
                withDependencies {
                    $0.liveOnly = 7
                } operation: {
                    #expect(DependencyValues.current.greeting == "outer")
                    #expect(DependencyValues.current.liveOnly == 7)
                }
                #expect(DependencyValues.current.liveOnly == 42)
            }
        }
    }

    @Test func readingAKeyWithoutATestValueInATestIsAnIssueNamingIt() {
        let issues = Box<[DependencyIssue]>([])
        let value = inContext(.test, issues: issues) { DependencyValues.current.liveOnly }
        #expect(value == 42)  // the preview value (the live one): the test goes on
        #expect(issues.value.count == 1)
        let issue = issues.value.first
        #expect(issue?.kind == .noTestValue)
        #expect(issue?.key == "LiveOnlyKey")
        #expect(issue?.name == "liveOnly")
        #expect(issue?.description.contains("@Dependency(\\.liveOnly)") == true)
    }

    @Test func readingAKeyWithATestValueInATestIsNoIssue() {
        let issues = Box<[DependencyIssue]>([])
        #expect(inContext(.test, issues: issues) { DependencyValues.current.greeting } == "test")
        #expect(issues.value.isEmpty)
    }

    @Test func anOverriddenKeyWithoutATestValueIsNoIssue() {
        let issues = Box<[DependencyIssue]>([])
        let value = inContext(.test, issues: issues) {
            withDependencies {
                $0.liveOnly = 1
            } operation: {
                DependencyValues.current.liveOnly
            }
        }
        #expect(value == 1)
        #expect(issues.value.isEmpty)
    }

    @Test func readingAKeyWithoutALiveValueLiveIsAnIssueAndGivesTheTestValue() {
        let issues = Box<[DependencyIssue]>([])
        #expect(inContext(.live, issues: issues) { DependencyValues.current.testOnly } == "test only")
        #expect(issues.value.map(\.kind) == [.noLiveValue])
        #expect(issues.value.first?.name == "testOnly")
    }

    @Test func aReadInsideAnUpdateToChangeTheValueReportsNothing() {
        let issues = Box<[DependencyIssue]>([])
        let date = Date(timeIntervalSince1970: 7)
        let seen = inContext(.test, issues: issues) {
            withDependencies {
                $0.date.now = date
            } operation: {
                DependencyValues.current.date.now
            }
        }
        #expect(seen == date)
        #expect(issues.value.isEmpty)
        // The fallback read there was not kept: a later read without an override still reports.
        inContext(.test, issues: issues) {
            withDependencies {
                _ = $0.liveOnly
            } operation: {
                _ = DependencyValues.current.liveOnly
            }
        }
        #expect(issues.value.map(\.name) == ["liveOnly"])
    }

    @Test func theDependencyWrapperNamesItsDeclarationInAnIssue() {
        let issues = Box<[DependencyIssue]>([])
        let line = #line + 2
        inContext(.test, issues: issues) {
            @Dependency(\.liveOnly) var liveOnly
            _ = liveOnly
        }
        #expect(issues.value.first?.location?.line == line)
        #expect(issues.value.first?.location?.fileID == #fileID)
    }

    @Test func aKeyReadByItsTypeIsNamedByItsType() {
        let issues = Box<[DependencyIssue]>([])
        inContext(.test, issues: issues) {
            @Dependency(LiveOnlyKey.self) var liveOnly
            #expect(liveOnly == 42)
        }
        #expect(issues.value.first?.spelling == "@Dependency(LiveOnlyKey.self)")
    }

    @Test func aDefaultValueMayReadOtherDependenciesOfTheSameCache() {
        let nested = inContext(.live) { DependencyValues.current.nested }
        #expect(nested.hasPrefix("nested live "))
    }

    @Test func aDefaultValueIsComputedOncePerCache() {
        inContext(.live) {
            let first = DependencyValues.current.counted
            #expect(DependencyValues.current.counted == first)
            #expect(
                withDependencies {
                    $0.greeting = "x"
                } operation: {
                    DependencyValues.current.counted
                } == first)
        }
        // Another cache (another harness) computes its own.
        let other = inContext(.live) { DependencyValues.current.counted }
        #expect(other != inContext(.live) { DependencyValues.current.counted })
    }

    @Test func theWrapperReadsItsCreatorsValuesWithTheCallersChangesOnTop() {
        inContext(.live) {
            struct Model {
                @Dependency(\.greeting) var greeting
                @Dependency(\.liveOnly) var liveOnly
            }
            let model = withDependencies {
                $0.greeting = "creator"
                $0.liveOnly = 1
            } operation: {
                Model()
            }
            #expect(model.greeting == "creator")
            withDependencies {
                $0.liveOnly = 2
            } operation: {
                #expect(model.greeting == "creator")  // not set by the caller: the creator's
                #expect(model.liveOnly == 2)  // set by the caller: the caller's
            }
        }
    }

    @Test func anAsyncScopeFlowsIntoChildTasksAndUnstructuredTasks() async {
        var values = DependencyValues.forTesting { _ in }
        values.context = .live
        await withDependencies {
            $0 = values
        } operation: {
            await withDependencies {
                $0.greeting = "request"
            } operation: {
                async let child = DependencyValues.current.greeting
                let task = Task { DependencyValues.current.greeting }
                #expect(await child == "request")
                #expect(await task.value == "request")
            }
            #expect(DependencyValues.current.greeting == "live")
        }
    }

    @Test func escapedDependenciesReachADispatchQueue() {
        let seen = inContext(.live) {
            withDependencies {
                $0.greeting = "escaped"
            } operation: {
                withEscapedDependencies { dependencies in
                    let done = DispatchSemaphore(value: 0)
                    let seen = Box<[String]>([])
                    DispatchQueue.global().async {
                        seen.append(DependencyValues.current.greeting)  // no scope on this thread
                        dependencies.yield { seen.append(DependencyValues.current.greeting) }
                        done.signal()
                    }
                    done.wait()
                    return seen.value
                }
            }
        }
        #expect(seen == ["test", "escaped"])  // the process's context on the queue: this is a test process
    }

    @Test func withDependenciesFromStartsFromTheGivenValues() {
        inContext(.live) {
            let values = withDependencies {
                $0.greeting = "from"
            } operation: {
                DependencyValues.current
            }
            withDependencies {
                $0.liveOnly = 3
            } operation: {
                withDependencies(from: values) {
                    #expect(DependencyValues.current.greeting == "from")
                    #expect(DependencyValues.current.liveOnly == 3)  // the caller's change since
                }
            }
        }
    }

    @Test func theProcessContextFollowsTheEnvironment() {
        func context(_ environment: [String: String], _ arguments: [String] = ["/usr/bin/app"]) -> DependencyContext {
            DependencyContext.inferred(environment: environment, arguments: arguments)
        }
        #expect(context([:]) == .live)
        #expect(context(["SWIFT_DEPENDENCIES_CONTEXT": "preview"]) == .preview)
        #expect(context(["SWIFT_DEPENDENCIES_CONTEXT": "test"]) == .test)
        #expect(context(["SWIFT_DEPENDENCIES_CONTEXT": "live"], ["/x/PackageTests.xctest"]) == .live)
        #expect(context(["XCODE_RUNNING_FOR_PREVIEWS": "1"]) == .preview)
        #expect(context([:], ["/x/.build/debug/AppPackageTests.xctest"]) == .test)
        #expect(context(["XCTestConfigurationFilePath": "/tmp/x"]) == .test)
        #expect(context([:], ["/x/swiftpm-testing-helper", "--testing-library", "swift-testing"]) == .test)
        #expect(context(["SWIFT_DEPENDENCIES_CONTEXT": "staging"]) == .live)
    }

    @Test func thisTestProcessRunsInTheTestContext() {
        #expect(DependencyScope.root.currentValues.context == .test)
    }
}
