// SwiftPM links an executable's main.swift as its entry point; libFuzzer then takes over (its
// own main is not used, so that SwiftPM's entry-point renaming keeps working).
import FuzzDriver

#if canImport(Glibc)
import Glibc
#endif

var arguments = CommandLine.argc
var vector: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&arguments, &vector) { data, size in fuzzStoreSubject(data, size) })
