import StreamCore

/// The disposable of one running effect: disposed when the effect is cancelled in any way.
final class EffectHandle: Disposable {
    private let serial: UInt64
    private let slot: SerialDisposable
    private weak let registry: EffectRegistry?

    init(serial: UInt64, slot: SerialDisposable, registry: EffectRegistry) {
        self.serial = serial
        self.slot = slot
        self.registry = registry
    }

    /// Cancels the effect.
    func dispose() {
        registry?.finish(serial)
        slot.dispose()
    }

    /// Whether the effect ended, was cancelled (by this handle, its identifier, or all).
    var isDisposed: Bool {
        slot.isDisposed
    }
}
