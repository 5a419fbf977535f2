import Foundation
import Testing

@testable import RoverCore

/// Durations and sizes from people and from files: absurd ones are refused or said as such, never converted into
/// an Int that cannot hold them (which traps).
@Suite struct DurationTextTests {
  @Test(arguments: [(59.9, "59s"), (600, "10m"), (7_200, "2h"), (864_000, "10d")])
  func durationsAreSaidRoughly(seconds: Double, text: String) {
    #expect(DurationText.describe(seconds) == text)
  }

  @Test(arguments: [Double.nan, .infinity, -.infinity, -1, 1e30, -1e30])
  func absurdDurationsAreSaidWithoutTrapping(seconds: Double) {
    #expect(["an unknown time", "ages"].contains(DurationText.describe(seconds)))
  }

  @Test(arguments: [("200MB", 200_000_000), ("1.5GB", 1_500_000_000), ("500k", 500_000), ("12", 12)])
  func sizesAreRead(text: String, bytes: Int) {
    #expect(ByteCountText.parse(text) == bytes)
  }

  @Test(arguments: ["1e19b", "1e300GB", "9.3e18", "-5MB", "abc", "inf"])
  func sizesNoIntHoldsAreRefused(text: String) {
    #expect(ByteCountText.parse(text) == nil)
  }
}
