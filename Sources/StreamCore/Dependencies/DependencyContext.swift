import Foundation

/// Which of a dependency's values ``DependencyValues`` gives when nothing overrides it.
///
/// ```swift
/// withDependencies {
///     $0.context = .preview
/// } operation: {
///     DependencyValues.current.apiClient     // APIClient's previewValue
/// }
/// ```
///
/// The process's context is, in order: the `SWIFT_DEPENDENCIES_CONTEXT` environment variable
/// (`live`, `preview` or `test`, TCA's name; another value is reported as
/// ``DependencyIssue/Kind-swift.enum/unknownContextName`` and ignored); `preview` in an Xcode preview
/// (`XCODE_RUNNING_FOR_PREVIEWS=1`); `test` in a test process (an XCTest or Swift Testing
/// runner); else `live`. StoreKitLiteTesting's `TestStore` and FeedbackLoopTesting's `TestLoop`
/// always run in `test`, whatever the process.
public enum DependencyContext: Hashable, Sendable {
    /// An app or a service: ``DependencyKey/liveValue``.
    case live
    /// A preview: ``TestDependencyKey/previewValue``.
    case preview
    /// A test: ``TestDependencyKey/testValue``; a key without one is reported.
    case test

    /// The process's context, read once from the environment and the process's arguments.
    static let process: DependencyContext = {
        let info = ProcessInfo.processInfo
        if let name = info.environment["SWIFT_DEPENDENCIES_CONTEXT"], !["live", "preview", "test"].contains(name) {
            DependencyDiagnostics.report(DependencyIssue(kind: .unknownContextName, key: name, name: nil, location: nil))
        }
        return inferred(environment: info.environment, arguments: info.arguments)
    }()

    /// The context the environment and arguments of a process call for (see the type's
    /// discussion).
    static func inferred(environment: [String: String], arguments: [String]) -> DependencyContext {
        switch environment["SWIFT_DEPENDENCIES_CONTEXT"] {
        case "live": return .live
        case "preview": return .preview
        case "test": return .test
        default: break
        }
        if environment["XCODE_RUNNING_FOR_PREVIEWS"] == "1" { return .preview }
        return isTestProcess(environment: environment, arguments: arguments) ? .test : .live
    }

    /// Whether the process runs tests: XCTest's environment variables, a runner named
    /// `xctest` or a `.xctest` bundle (`swift test` on Linux runs `…PackageTests.xctest`), or
    /// Swift Testing's entry point arguments.
    static func isTestProcess(environment: [String: String], arguments: [String]) -> Bool {
        let xctestKeys = ["XCTestBundlePath", "XCTestConfigurationFilePath", "XCTestSessionIdentifier"]
        if xctestKeys.contains(where: { environment[$0] != nil }) { return true }
        if let executable = arguments.first?.split(separator: "/").last,
            executable == "xctest" || executable.hasSuffix(".xctest")
        {
            return true
        }
        return arguments.contains("--testing-library")
    }
}
