import Foundation
import RoverTestSupport
import Testing

@testable import RoverCore
@testable import RoverMirror

/// What a sync mirrors: the selection the folder remembers, with the parts given again replaced, and the finished
/// sols a wider selection owes again.
@Suite struct SyncPlanTests {
  static let mast = SyncSelection(rover: "Curiosity", sol: "1000..", earthDate: nil, cameras: ["MAST"], name: "{id}")

  static func record(remembering selection: SyncSelection?, finished sols: [Int] = []) async throws -> DownloadRecord {
    let record = try await DownloadRecord(outputDirectory: try TestDirectory.make("rover-sync-plan"))
    try selection?.remember(in: record)
    for sol in sols {
      try record.setSol(rover: "curiosity", sol: sol, .init(complete: true, photos: 1, checkedAt: Date()))
    }
    return record
  }

  @Test func aRunWithoutFlagsDoesTheSameAgain() async throws {
    let record = try await Self.record(remembering: Self.mast, finished: [1000])
    var events: [SyncPlan.Event] = []
    let plan = try SyncPlan(SyncPlan.Given(), record: record) { events.append($0) }
    #expect(plan.selection == Self.mast)
    #expect(events.isEmpty)
    #expect(try record.sols(rover: "curiosity")[1000]?.complete == true)
  }

  @Test func anAddedCameraKeepsTheSolsAndReopensFinishedOnes() async throws {
    let record = try await Self.record(remembering: Self.mast, finished: [1000, 1001])
    var events: [SyncPlan.Event] = []
    let plan = try SyncPlan(SyncPlan.Given(cameras: ["MAST", "NAVCAM"]), record: record) { events.append($0) }
    #expect(plan.selection.sol == "1000..")
    #expect(plan.selection.cameras == ["MAST", "NAVCAM"])
    guard events.count == 2, case .selectionChanges(let from, let to) = events[0], case .solsReopened(2) = events[1]
    else {
      Issue.record("\(events)")
      return
    }
    #expect(from == Self.mast)
    #expect(to == plan.selection)
    #expect(try record.sols(rover: "curiosity").values.allSatisfy { !$0.complete })
  }

  @Test func aFolderWithNoSyncNeedsARover() async throws {
    let record = try await Self.record(remembering: nil)
    #expect(throws: SyncPlanError.noRover) { try SyncPlan(SyncPlan.Given(), record: record) { _ in } }
  }
}
