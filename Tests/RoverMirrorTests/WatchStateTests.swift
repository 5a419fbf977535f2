import Foundation
import RoverTestSupport
import Testing

@testable import RoverCore
@testable import RoverMirror

/// `watch`'s state: what was printed, and what is still owed its download and `--exec`, across restarts; and, as a
/// file in a directory other programs write to as well, one SQLite still opens but rover cannot use is started
/// afresh, once, instead of failing every poll.
@Suite struct WatchStateTests {
  static let name = "watch-perseverance-test.sqlite"
  static let photos = (1...3000).map { MirrorFixtures.photo($0, stem: "NLF_\($0)_0675528300_637ECM_N0040136") }

  static func file(_ dir: URL) -> URL { dir.appendingPathComponent(name) }

  /// What a restarted watch can do with its state: ask about every photo, and remember more.
  static func expectWorks(_ state: WatchState) throws {
    #expect(try photos.allSatisfy { try state.isNew($0) })
    try state.markSeen([photos[0]])
    #expect(try !state.isNew(photos[0]))
  }

  @Test func aStateWithADamagedPageIsStartedAfresh() async throws {
    let dir = try TestDirectory.make("rover-watch")
    do {
      let state = try await WatchState(directory: dir, name: Self.name)
      try state.markSeen(Self.photos)
      #expect(!state.wasRebuilt)
    }
    try MirrorFixtures.damagePage(of: Self.file(dir))
    let state = try await WatchState(directory: dir, name: Self.name)
    #expect(state.wasRebuilt)
    try Self.expectWorks(state)
  }

  @Test func aValidDatabaseWithForeignTablesIsStartedAfresh() async throws {
    let dir = try TestDirectory.make("rover-watch")
    try SQLiteDatabase(path: Self.file(dir).path).execute(
      "CREATE TABLE seen (photo TEXT, printed REAL); CREATE TABLE notes (body TEXT)")
    let state = try await WatchState(directory: dir, name: Self.name)
    #expect(state.wasRebuilt)
    try Self.expectWorks(state)
  }

  @Test func aStateThatIsFineIsKept() async throws {
    let dir = try TestDirectory.make("rover-watch")
    do { try await WatchState(directory: dir, name: Self.name).markSeen([Self.photos[7]]) }
    let state = try await WatchState(directory: dir, name: Self.name)
    #expect(!state.wasRebuilt)
    #expect(try !state.isNew(Self.photos[7]))
  }

  static func photo(_ id: String, sol: Int) -> Photo {
    var photo = ExecCommandTests.photo(id: .text(id), url: "https://h/\(id).jpg")
    photo.sol = sol
    return photo
  }

  /// However many photos are owed, they come a window at a time, in sol order, each once; settling a window while
  /// it is handled (what a watch does) skips none of the next.
  @Test func owedPhotosComeAWindowAtATimeInSolOrder() async throws {
    let state = try await WatchState(directory: try TestDirectory.make("rover-watch"), name: Self.name)
    let owed = (0..<1_200).map { Self.photo(String(format: "NLF_%04d_A", $0), sol: 1_200 - $0) }
    try state.markSeen(owed, pending: true)
    var windows: [[Photo]] = []
    try await state.forEachPendingWindow { window in
      windows.append(window)
      try state.settle(window.filter { $0.sol % 2 == 0 })
    }
    #expect(windows.map(\.count) == [WatchState.pendingWindow, WatchState.pendingWindow, 200])
    #expect(windows.joined().map(\.sol) == Array(1...1_200))
    #expect(try await state.allPending().map(\.sol) == Array(stride(from: 1, through: 1_199, by: 2)))
  }

  @Test func pendingPhotosOutliveARestartUntilSettled() async throws {
    let directory = try TestDirectory.make("rover-core")
    let late = Self.photo("NLF_0002_A", sol: 2)
    let early = Self.photo("NLF_0001_B", sol: 1)
    let quiet = Self.photo("NLF_0003_C", sol: 3)
    do {
      let state = try await WatchState(directory: directory, name: "w.sqlite")
      try state.markSeen([late, early], pending: true)
      try state.markSeen([quiet])
      #expect(try await state.allPending().map(\.id) == [early.id, late.id])
    }
    let reopened = try await WatchState(directory: directory, name: "w.sqlite")
    let pending = try await reopened.allPending()
    #expect(pending.map(\.id) == [early.id, late.id])
    #expect(pending.first?.imageSource == early.imageSource)
    #expect(pending.first?.camera.name == early.camera.name)
    #expect(try [late, early, quiet].allSatisfy { try !reopened.isNew($0) })
    try reopened.settle([early])
    #expect(try await reopened.allPending().map(\.id) == [late.id])
  }
}

extension WatchState {
  /// Every owed photo, window after window: what a test compares whole.
  func allPending() async throws -> [Photo] {
    var all: [Photo] = []
    try await forEachPendingWindow { all += $0 }
    return all
  }
}
