import HarnessReporting

extension TestStore {
    /// Fails with the dependency issues kept since the last step, at this step's line.
    func reportDependencyIssues(at location: HarnessLocation) throws(TestStoreFailure) {
        for issue in dependencies.takeIssues() {
            try fail(.missingTestValue, issue.description, at: location)
        }
    }
}
