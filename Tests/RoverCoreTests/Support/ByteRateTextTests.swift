import Testing

@testable import RoverCore

/// `--limit-rate` reads rates as curl does; anything else, hostile sizes included, is refused, never a trap.
@Suite struct ByteRateTextTests {
  @Test(arguments: [
    ("500K", 512_000), ("2M", 2_097_152), ("2m", 2_097_152), ("1K", 1024), ("1.5K", 1536),
    ("1G", 1 << 30), ("1T", 1 << 40),
  ])
  func curlSuffixesArePowersOf1024(text: String, bytes: Int) {
    #expect(ByteRateText.parse(text) == bytes)
  }

  @Test(arguments: [
    "5Q", "0", "-5K", "", "K", "nan", "NaN", "inf", "1e9", "0x10", "0.5", "2KK", "1..5K", " ", "٣K", "2T",
    "99999999999999999999T", "99999999999999999999999999999999999999999999999999",
    // Below 1 KB/s: a photo would take hours, and a stall could not be told from the rate.
    "1", "100", "1023", "0.9K",
  ])
  func hostileOrMeaninglessRatesAreRefused(text: String) {
    #expect(ByteRateText.parse(text) == nil)
  }

  @Test func describedAsCurlWritesThem() {
    #expect(ByteRateText.describe(512_000) == "500K")
    #expect(ByteRateText.describe(2_097_152) == "2M")
    #expect(ByteRateText.describe(1000) == "1000")
  }
}
