import CFuzzerDriver
import Foundation

/// Runs one input through the target `FORAGE_FUZZ_TARGET` names: libFuzzer's entry point (its
/// own `main` and this file's, whichever the linker keeps, drive it the same way).
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  guard let data else { return 0 }
  FuzzTarget.current.run(Array(UnsafeBufferPointer(start: data, count: size)))
  return 0
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { fuzzOneInput($0, $1) })
