import StreamCoreTesting
import Testing

@Suite struct MarbleSourceLocationTests {
    @Test func defaultsCaptureTheCaller() {
        let line = #line + 1
        let location = MarbleSourceLocation()
        #expect(location.line == line)
        #expect(location.fileID.hasSuffix("MarbleSourceLocationTests.swift"))
        #expect(location.filePath.hasSuffix("MarbleSourceLocationTests.swift"))
    }

    @Test func descriptionIsFileIDLineAndColumn() {
        let location = MarbleSourceLocation(fileID: "Kit/A.swift", filePath: "/p/A.swift", line: 3, column: 7)
        #expect(location.description == "Kit/A.swift:3:7")
    }
}
