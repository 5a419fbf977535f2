import Foundation
import RoverTestSupport
import Testing

@testable import RoverCore

/// The watch's memory: what was printed, and what is still owed its download and `--exec`, across restarts.
@Suite struct WatchStateTests {
  static func photo(_ id: String, sol: Int) -> Photo {
    var photo = ExecCommandTests.photo(id: .text(id), url: "https://h/\(id).jpg")
    photo.sol = sol
    return photo
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
      #expect(try state.pending().map(\.id) == [early.id, late.id])
    }
    let reopened = try await WatchState(directory: directory, name: "w.sqlite")
    let pending = try reopened.pending()
    #expect(pending.map(\.id) == [early.id, late.id])
    #expect(pending.first?.imageSource == early.imageSource)
    #expect(pending.first?.camera.name == early.camera.name)
    #expect(try [late, early, quiet].allSatisfy { try !reopened.isNew($0) })
    try reopened.settle([early])
    #expect(try reopened.pending().map(\.id) == [late.id])
  }
}
