import Foundation
import StreamCore
import Testing
import TestSupport

@Suite struct GeneratorTests {
    @Test func incrementingUUIDsCountFromZero() {
        let uuid = UUIDGenerator.incrementing
        #expect(uuid().uuidString == "00000000-0000-0000-0000-000000000000")
        #expect(uuid().uuidString == "00000000-0000-0000-0000-000000000001")
        #expect(UUIDGenerator.incrementing() == UUID(0))  // each one counts on its own
    }

    @Test func uuidFromAnIntegerMatchesTCAs() {
        #expect(UUID(1).uuidString == "00000000-0000-0000-0000-000000000001")
        #expect(UUID(0xABC_DEF0_1234).uuidString == "00000000-0000-0000-0000-0ABCDEF01234")
        #expect(UUID(-1).uuidString == "00000000-0000-0001-0000-000000000001")
        #expect(UUID(Int.min).uuidString == "00000000-0000-0001-8000-000000000000")
    }

    @Test func incrementingIsThreadSafe() async {
        let uuid = UUIDGenerator.incrementing
        let made = await withTaskGroup(of: [UUID].self) { group in
            for _ in 0..<8 { group.addTask { (0..<250).map { _ in uuid() } } }
            return await group.reduce(into: Set<UUID>()) { $0.formUnion($1) }
        }
        #expect(made == Set((0..<2000).map { UUID($0) }))
    }

    @Test func constantGenerators() {
        let id = UUID()
        #expect(UUIDGenerator.constant(id)() == id)
        let date = Date(timeIntervalSince1970: 1_000)
        var generator = DateGenerator.constant(date)
        #expect(generator.now == date)
        #expect(generator() == date)
        generator.now = Date(timeIntervalSince1970: 2_000)
        #expect(generator.now == Date(timeIntervalSince1970: 2_000))
    }

    @Test func theBuiltInsHaveLiveValuesAndNoTestValues() {
        let issues = Box<[DependencyIssue]>([])
        var values = DependencyValues.forTesting { issues.append($0) }
        values.context = .live
        DependencyScope(values).install {
            #expect(DependencyValues.current.uuid() != DependencyValues.current.uuid())
            #expect(abs(DependencyValues.current.date.now.timeIntervalSinceNow) < 60)
            #expect(DependencyValues.current.continuousClock is ContinuousClock)
            #expect(DependencyValues.current.mainQueue is DispatchQueue)
        }
        #expect(issues.value.isEmpty)
        values = DependencyValues.forTesting { issues.append($0) }
        DependencyScope(values).install {
            _ = DependencyValues.current.uuid
            _ = DependencyValues.current.date
            _ = DependencyValues.current.continuousClock
            _ = DependencyValues.current.mainQueue
        }
        #expect(issues.value.map(\.name) == ["uuid", "date", "continuousClock", "mainQueue"])
        #expect(issues.value.allSatisfy { $0.kind == .noTestValue })
    }
}
