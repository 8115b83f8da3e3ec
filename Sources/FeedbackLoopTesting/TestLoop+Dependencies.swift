import HarnessReporting

extension TestLoop {
    /// Records the dependency issues kept since the last step, at this step's line.
    func reportDependencyIssues(at location: HarnessLocation) {
        for issue in dependencies.takeIssues() { recordHarnessIssue(issue.description, at: location) }
    }
}
