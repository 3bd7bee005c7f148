import ForageSupport
import Testing

@testable import ForageRecording

/// The fixes a recording holds so far, kept as gaps: the same answers as a set of every index.
@Suite struct RecordedFixesTests {
  @Test(arguments: [0, 1, 2, 3])
  func answersAsASetOfEveryIndexDoes(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    var fixes = RecordedFixes()
    var oracle = Set<Int>()
    var index = Int(random.next() % 3) - 1
    for _ in 0..<500 {
      // Mostly the next index, sometimes a gap of any size.
      index += random.next() % 4 == 0 ? 1 + Int(random.next() % 50) : 1
      fixes.insert(index)
      oracle.insert(index)
      for probe in [-1, 0, index - 1, index, index + 1, Int(random.next() % UInt64(index + 2))] {
        #expect(fixes.contains(probe) == oracle.contains(probe), "seed \(seed), \(probe)")
      }
    }
    for probe in -2...(index + 2) {
      #expect(fixes.contains(probe) == oracle.contains(probe), "seed \(seed), \(probe)")
    }
  }
}
