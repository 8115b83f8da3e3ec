/// CRC-32 (IEEE 802.3, the polynomial of zlib and PNG), table-driven: the checksum of journal
/// records and snapshots.
enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { index in
        var crc = UInt32(index)
        for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        return crc
    }

    /// The running value before any byte.
    static let start: UInt32 = 0xFFFF_FFFF

    /// The running value after `bytes` (continue with more bytes, then ``finish(_:)``).
    static func update(_ crc: UInt32, _ bytes: UnsafeRawBufferPointer) -> UInt32 {
        var crc = crc
        table.withUnsafeBufferPointer { table in
            for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        }
        return crc
    }

    /// The checksum from a running value.
    static func finish(_ crc: UInt32) -> UInt32 {
        crc ^ 0xFFFF_FFFF
    }

    /// The checksum of `bytes`.
    static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        finish(update(start, bytes))
    }

    /// The checksum of `bytes`.
    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBytes { checksum($0) }
    }

    /// The checksum of `first` followed by `second`.
    static func checksum(_ first: ArraySlice<UInt8>, _ second: ArraySlice<UInt8>) -> UInt32 {
        let running = first.withUnsafeBytes { update(start, $0) }
        return finish(second.withUnsafeBytes { update(running, $0) })
    }
}
