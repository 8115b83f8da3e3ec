/// Turns the error of a signal that cannot fail into any error type, for operators that join a
/// signal that cannot fail with one that can.
@usableFromInline
func absurd<Failure>(_ impossible: Never) -> Failure {}
