import Foundation
import PostgresNIO

/// How a batch travels in its notification (Decision 0029), so that the other instances need not
/// read the log for it: `"<last place> <count> <instance>"`, then, if the batch's actions are
/// small printable ASCII JSON, a newline and each action as `"<byte count>:<json>"`. A
/// notification without the actions (too large, not ASCII, or an older writer's plain
/// `"<last place>"`) makes the followers read the log, as before.
enum ShippedBatch {
    /// NOTIFY payloads must be shorter than 8,000 bytes; this leaves room for the header.
    static let budget = 7_800

    /// The part of the notification after `"<last> <count>"` (the append function adds those).
    static func notice(instance: String, payloads: [ByteBuffer]) -> String {
        var size = 0
        for payload in payloads { size += payload.readableBytes + 8 }
        guard size + instance.utf8.count < budget else { return " " + instance }
        var text: [UInt8] = []
        text.reserveCapacity(size + instance.utf8.count + 2)
        text.append(UInt8(ascii: " "))
        text.append(contentsOf: instance.utf8)
        text.append(UInt8(ascii: "\n"))
        for payload in payloads {
            let bytes = payload.readableBytesView
            // Printable ASCII only: valid in any server encoding, and no NUL.
            guard !bytes.isEmpty, bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return " " + instance }
            text.append(contentsOf: String(bytes.count).utf8)
            text.append(UInt8(ascii: ":"))
            text.append(contentsOf: bytes)
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// A parsed notification.
    struct Parsed {
        /// The batch's last place.
        var last: Int64
        /// The instance that appended it, if the notification says.
        var instance: Substring?
        /// The batch's encoded actions, in order, if the notification carries them.
        var payloads: [ArraySlice<UInt8>]?
    }

    /// Parses a notification; nil if it does not start with a place.
    static func parse(_ payload: String) -> Parsed? {
        let bytes = Array(payload.utf8)
        let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
        let header = bytes[..<newline].split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard let first = header.first, let last = Int64(String(decoding: first, as: UTF8.self)) else { return nil }
        var parsed = Parsed(last: last)
        guard header.count == 3, let count = Int(String(decoding: header[1], as: UTF8.self)), count > 0 else {
            return parsed
        }
        parsed.instance = Substring(String(decoding: header[2], as: UTF8.self))
        guard newline < bytes.endIndex else { return parsed }
        var payloads: [ArraySlice<UInt8>] = []
        payloads.reserveCapacity(count)
        var index = newline + 1
        while index < bytes.endIndex {
            guard let colon = bytes[index...].firstIndex(of: UInt8(ascii: ":")),
                let length = Int(String(decoding: bytes[index..<colon], as: UTF8.self)), length > 0,
                colon + 1 + length <= bytes.endIndex
            else { return parsed }
            payloads.append(bytes[(colon + 1)..<(colon + 1 + length)])
            index = colon + 1 + length
        }
        if payloads.count == count { parsed.payloads = payloads }
        return parsed
    }
}

extension PostgresJournal {
    /// The notice for a batch this instance appends.
    func notice(for batch: [(origin: String, payload: ByteBuffer)]) -> String {
        ShippedBatch.notice(instance: instanceID, payloads: batch.map(\.payload))
    }

    /// Takes in a notification seen by the follower connection opened at `ticket`: ignores this
    /// instance's own (its writer places them), keeps the actions another instance's carries
    /// (applied at once if their places are durable already, else tentative until a barrier
    /// confirms them, Decision 0029). Says whether the follower must read the log (the
    /// notification carries no actions, or one does not decode), fill a gap before them, or run
    /// a barrier itself (the writer's cannot vouch for them).
    func accept(_ notification: String, seenAt ticket: UInt64) -> Acceptance {
        guard let parsed = ShippedBatch.parse(notification) else { return .read }
        if parsed.instance.map({ $0 == instanceID }) == true { return .taken }
        guard let payloads = parsed.payloads else {
            shared.withLockedValue { $0.sequencer.known(parsed.last) }
            return .read
        }
        let decoder = JSONDecoder()
        var actions: [Action] = []
        actions.reserveCapacity(payloads.count)
        for payload in payloads {
            guard let action = try? decoder.decode(Action.self, from: Data(payload)) else {
                shared.withLockedValue { $0.sequencer.known(parsed.last) }
                return .read
            }
            actions.append(action)
        }
        let first = parsed.last - Int64(actions.count) + 1
        let (unused, waiting, vouched, gap) = shared.withLockedValue { shared -> ([Action], Bool, Bool, Bool) in
            var unused: [Action] = []
            let durable = shared.durable(seenAt: ticket)
            for (offset, action) in actions.enumerated() {
                let sequence = first + Int64(offset)
                if shared.sequencer.has(sequence) {
                    unused.append(action)
                } else if sequence <= durable {
                    if let replaced = shared.sequencer.received(action, at: sequence) { unused.append(replaced) }
                } else if !shared.sequencer.tentative(action, at: sequence, ticket: ticket) {
                    unused.append(action)
                }
            }
            // The writer's append in flight confirms them, or wakes the follower when it returns;
            // else the follower runs a barrier itself.
            let waiting = shared.sequencer.hasTentative
            let vouched = shared.appending && shared.writerVouches(forTicket: ticket)
            // A gap may be this instance's batch being appended: its return places it, or asks.
            return (unused, waiting, vouched, shared.sequencer.hasGap && !shared.appending)
        }
        withExtendedLifetime(unused) {}  // released outside the lock: an action's deinit is user code
        pump()

        return !gap && (!waiting || vouched) ? .taken : .check
    }

    /// What the follower does after a notification.
    enum Acceptance {
        /// Nothing: its actions are placed, or tentative and the writer confirms them.
        case taken
        /// Fill a gap before them, or confirm them itself.
        case check
        /// Read the log after the frontier: the notification did not carry its actions.
        case read
    }
}
