import Foundation
import Testing

@testable import RoverCore

/// Movies (issue 36) in a real Curiosity Navcam listing, the real Perseverance records, and constructed surveys.
@Suite struct SequenceGroupingMoviesTests {
  /// The real listing of `Fixtures/frames/msl-navcam-urls.json` (sols 3115–3123, up to three Navcam frames a day),
  /// as a Photos-API copy lists it: names only, the sol from the URL's path.
  static func navcamListing() throws -> [Photo] {
    let data = try FixtureLoader.data("frames/msl-navcam-urls")
    let days = try #require(try JSONSerialization.jsonObject(with: data) as? [String: [String]])
    return days.values.flatMap { $0 }.map { url in
      let sol = Int(url.split(separator: "/").first { $0.count == 5 && $0.allSatisfy(\.isNumber) } ?? "") ?? -1
      return RealFrames.photo(url, sol: sol)
    }
  }

  /// The groups a person would cut: three frames of one sequence and eye, taken seconds apart (the dust-devil
  /// sequences NCAM00567/00595/00599 and the NCAM00312 and NCAM00253 series); not sol 3117's two left frames and one
  /// right of NCAM00385, nor sol 3119's frames of two sequences, nor sol 3116's pair and lone frame.
  @Test func aRealNavcamListingYieldsTheThreeFrameSeries() throws {
    let photos = try Self.navcamListing()
    let movies = Dictionary(grouping: photos, by: \.sol).keys.sorted().flatMap { sol in
      SequenceGrouping.movies(photos.filter { $0.sol == sol })
    }
    #expect(
      movies.map(\.id) == [
        "3115-NCAM00567-right-01", "3118-NCAM00599-right-01", "3120-NCAM00312-left-01", "3121-NCAM00595-right-01",
        "3122-NCAM00312-left-01", "3123-NCAM00253-left-01",
      ])
    let dustDevil = try #require(movies.first { $0.sequence == "NCAM00595" })
    #expect(dustDevil.camera == "NAV_RIGHT_B" && dustDevil.eye == "right")
    #expect(dustDevil.clocks == [674_556_998, 674_557_011, 674_557_024])
    #expect(dustDevil.cadence == 13 && dustDevil.duration == 26)
    #expect(movies.first { $0.sequence == "NCAM00567" }?.cadence == 38)
    #expect(movies.allSatisfy { $0.photos.count == 3 })
  }

  /// The 22 real Perseverance records hold pairs, tiles and single frames, none a movie.
  @Test func pairsAndTilesAreNotMovies() async throws {
    let photos = try await RealFrames.perseverance()
    for sol in Set(photos.map(\.sol)) {
      #expect(SequenceGrouping.movies(photos.filter { $0.sol == sol }).isEmpty)
    }
  }

  /// A real dust-devil name's sequence with constructed pointings: three frames at each of eight azimuths, 45° apart,
  /// is eight movies of three; azimuths 0.05° apart and 359.95°/0.03° (across north) count as one pointing.
  @Test func aThreeByEightSurveyIsEightMovies() {
    var photos: [Photo] = []
    for position in 0..<8 {
      for shot in 0..<3 {
        let clock = 674_556_998 + position * 60 + shot * 13
        let jitter = shot == 1 ? 0.05 : 0
        photos.append(Self.frame(clock: clock, azimuth: Double(position) * 45 + jitter, elevation: 10))
      }
    }
    let movies = SequenceGrouping.movies(photos.shuffled())
    #expect(movies.count == 8 && movies.allSatisfy { $0.photos.count == 3 && $0.cadence == 13 })
    #expect(movies.map(\.id).last == "3121-NCAM00595-right-08")
    #expect(movies.map { $0.photos[0].metadata.mastAzimuth } == (0..<8).map { Double($0) * 45 })
    let north = [359.95, 0.03, 0.0].enumerated().map { Self.frame(clock: 1000 + $0 * 10, azimuth: $1, elevation: 5) }
    #expect(SequenceGrouping.movies(north).count == 1)
  }

  /// Frames differing in elevation by more than 0.1°, in subframe, or in size are different movies; the same clock
  /// twice counts once; a non-finite pointing equals only an unknown one.
  @Test func anythingThatChangesThePictureSplitsTheGroup() {
    let tilted = (0..<3).map { Self.frame(clock: 10 + $0, azimuth: 90, elevation: $0 == 1 ? 20.2 : 20) }
    #expect(SequenceGrouping.movies(tilted).isEmpty)
    var sized = (0..<4).map { Self.frame(clock: 10 + $0, azimuth: 90, elevation: 20) }
    sized[3].metadata.width = 512
    #expect(SequenceGrouping.movies(sized).map(\.photos.count) == [3])
    let repeated = [0, 1, 1].map { Self.frame(clock: 10 + $0, azimuth: 90, elevation: 20) }
    #expect(SequenceGrouping.movies(repeated).isEmpty)
    let hostile = (0..<3).map { Self.frame(clock: 10 + $0, azimuth: .nan, elevation: .infinity) }
    #expect(SequenceGrouping.movies(hostile).map(\.photos.count) == [3])
  }

  /// A hostile listing: 2·10⁴ frames of one sequence, each at its own pointing, is no movie, and the grouping
  /// compares each frame with the groups of its neighbouring cells only, not with every group.
  @Test func twentyThousandPointingsAreNoMovie() {
    let photos = (0..<20_000).map { index in
      Self.frame(clock: index, azimuth: Double(index % 3000) * 0.12, elevation: Double(index / 3000) * 0.5)
    }
    #expect(SequenceGrouping.movies(photos).isEmpty)
  }

  /// A drive movie keeps one frame per site and drive, of the size seen at most drives, in drive order.
  @Test func driveMoviesKeepOneFramePerDriveInDriveOrder() throws {
    var photos: [Photo] = []
    for (index, drive) in [30, 10, 20, 20].enumerated() {
      var photo = Self.frame(clock: 100 * (index + 1), azimuth: 0, elevation: 0, sol: 1000 + index)
      photo.metadata.site = 7
      photo.metadata.drive = drive
      photo.metadata.width = 1024
      photo.metadata.height = 1024
      photos.append(photo)
    }
    photos[0].metadata.width = 64
    var extra = photos[1]
    extra.id = .text("extra")
    extra.metadata.drive = 30
    extra.metadata.sclk = 50
    photos.append(extra)
    let movies = SequenceGrouping.driveMovies(photos)
    let movie = try #require(movies.first)
    #expect(movies.count == 1 && movie.id == "drives-NAV_RIGHT_B-1001-1002")
    #expect(movie.photos.map(\.metadata.drive) == [10, 20, 30] && movie.width == 1024)
    #expect(movie.photos.map(\.metadata.sclk) == [200, 300, 50])
  }

  /// A frame of sequence NCAM00595 with a constructed clock and pointing (the name is sol 3121's real one).
  static func frame(clock: Int, azimuth: Double, elevation: Double, sol: Int = 3121) -> Photo {
    var metadata = FrameMetadata()
    metadata.sclk = Double(clock)
    metadata.mastAzimuth = azimuth
    metadata.mastElevation = elevation
    return RealFrames.photo(
      "NRB_674556998EDR_S0880366NCAM00595M_", sol: sol, id: clock * 10 + Int(azimuth.isFinite ? azimuth : 0),
      metadata: metadata)
  }
}
