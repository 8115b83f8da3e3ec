/// The journal's and the snapshot's byte layouts, and the scan that finds the records.
///
/// Journal file: `RTKJRNL1` (8 bytes), the base sequence (UInt64 LE: the number of actions
/// before the first record), then records. Record: payload length (UInt32 LE), the length's
/// complement (UInt32 LE, so a damaged length is told from a short file), CRC-32 of the payload
/// (UInt32 LE), payload (the encoded action).
///
/// Snapshot file: `RTKSNAP1`, the sequence it includes (UInt64 LE), payload length (UInt64 LE),
/// CRC-32 of the payload (UInt32 LE), payload (the encoded state).
enum JournalFormat {
    static let journalMagic = Array("RTKJRNL1".utf8)
    static let snapshotMagic = Array("RTKSNAP1".utf8)
    static let journalHeaderSize = 16
    static let recordHeaderSize = 12
    static let snapshotHeaderSize = 28

    /// One intact record: where it starts and its payload's range.
    struct Record: Equatable {
        var offset: Int
        var payload: Range<Int>
    }

    /// What a scan of a journal file found.
    struct Scan: Equatable {
        var base: UInt64
        var records: [Record]
        /// Where the intact records end; a torn tail after it is to be cut off.
        var end: Int
        /// How many bytes of torn tail follow `end`.
        var tornBytes: Int
    }

    static func journalHeader(base: UInt64) -> [UInt8] {
        journalMagic + bytes(of: base)
    }

    /// A framed record for `payload`.
    static func record(_ payload: [UInt8]) -> [UInt8] {
        let length = UInt32(payload.count)
        var framed = bytes(of: length) + bytes(of: ~length) + bytes(of: CRC32.checksum(payload))
        framed.append(contentsOf: payload)
        return framed
    }

    static func snapshot(sequence: UInt64, payload: [UInt8]) -> [UInt8] {
        var framed = snapshotMagic + bytes(of: sequence) + bytes(of: UInt64(payload.count))
        framed += bytes(of: CRC32.checksum(payload))
        framed.append(contentsOf: payload)
        return framed
    }

    /// Finds the records of a journal file. A damaged record that reaches the end of the file is
    /// a torn tail (a crash mid-append); any other damage is an error naming its offset.
    static func scan(_ file: [UInt8], path: String, maxRecordBytes: Int) throws(JournalError) -> Scan {
        guard file.count >= journalHeaderSize, Array(file[0..<8]) == journalMagic else {
            throw .corruptRecord(path: path, offset: 0, reason: "not a journal file (bad header)")
        }
        let base = load(UInt64.self, file, at: 8)
        var records: [Record] = []
        var offset = journalHeaderSize
        while offset < file.count {
            let remaining = file.count - offset
            let torn = Scan(base: base, records: records, end: offset, tornBytes: remaining)
            guard remaining >= recordHeaderSize else { return torn }
            let length = load(UInt32.self, file, at: offset)
            guard load(UInt32.self, file, at: offset + 4) == ~length else {
                // A crash can leave a file extended with zeros that were never written.
                if file[offset...].allSatisfy({ $0 == 0 }) { return torn }
                throw .corruptRecord(path: path, offset: UInt64(offset), reason: "bad record frame")
            }
            guard Int(length) <= maxRecordBytes else {
                throw .corruptRecord(path: path, offset: UInt64(offset), reason: "record of \(length) bytes over the limit")
            }
            let payload = (offset + recordHeaderSize)..<(offset + recordHeaderSize + Int(length))
            guard payload.upperBound <= file.count else { return torn }
            let sum = file.withUnsafeBytes { CRC32.checksum(UnsafeRawBufferPointer(rebasing: $0[payload])) }
            guard sum == load(UInt32.self, file, at: offset + 8) else {
                if payload.upperBound == file.count { return torn }
                throw .corruptRecord(path: path, offset: UInt64(offset), reason: "checksum mismatch")
            }
            records.append(Record(offset: offset, payload: payload))
            offset = payload.upperBound
        }
        return Scan(base: base, records: records, end: offset, tornBytes: 0)
    }

    /// The sequence and the payload of a snapshot file.
    static func readSnapshot(_ file: [UInt8], path: String) throws(JournalError) -> (sequence: UInt64, payload: ArraySlice<UInt8>) {
        guard file.count >= snapshotHeaderSize, Array(file[0..<8]) == snapshotMagic else {
            throw .corruptSnapshot(path: path, reason: "bad header")
        }
        let sequence = load(UInt64.self, file, at: 8)
        let length = load(UInt64.self, file, at: 16)
        guard length == UInt64(file.count - snapshotHeaderSize) else {
            throw .corruptSnapshot(path: path, reason: "length \(length) does not match the file")
        }
        let payload = file[snapshotHeaderSize...]
        guard CRC32.checksum(Array(payload)) == load(UInt32.self, file, at: 24) else {
            throw .corruptSnapshot(path: path, reason: "checksum mismatch")
        }
        return (sequence, payload)
    }

    static func bytes<T: FixedWidthInteger>(of value: T) -> [UInt8] {
        withUnsafeBytes(of: value.littleEndian) { Array($0) }
    }

    static func load<T: FixedWidthInteger>(_: T.Type, _ bytes: [UInt8], at offset: Int) -> T {
        var value: T = 0
        for index in (0..<MemoryLayout<T>.size).reversed() { value = value << 8 | T(bytes[offset + index]) }
        return value
    }
}
