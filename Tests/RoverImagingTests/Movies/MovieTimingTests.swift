import Testing

@testable import RoverImaging

@Suite struct MovieTimingTests {
  /// Real gaps over the speed-up: 13 s and 26 s at 50× are 26 and 52 hundredths; the last frame takes the mean.
  @Test func delaysFollowTheRealGaps() {
    #expect(MovieTiming.speed(50).delays(clocks: [100, 113, 139]) == [26, 52, 39])
    #expect(MovieTiming.speed(1).delays(clocks: [0, 13]) == [1300, 1300])
  }

  @Test func aSteadyRateIgnoresTheClocks() {
    #expect(MovieTiming.framesPerSecond(4).delays(clocks: [1, nil, 1e9]) == [25, 25, 25])
  }

  /// Hostile clocks: unknown, backwards, not finite, or days apart never give a delay outside 2…65535.
  @Test func unknownAndHostileGapsStayInTheFormatsRange() {
    let delays = MovieTiming.speed(1).delays(clocks: [0, nil, 10, 5, .nan, 1e300, 2e300])
    #expect(delays.allSatisfy { (2...65535).contains($0) })
    #expect(MovieTiming.speed(1e6).delays(clocks: [0, 1]) == [2, 2])
    #expect(MovieTiming.speed(50).delays(clocks: [nil, nil]) == [10, 10])
  }
}
