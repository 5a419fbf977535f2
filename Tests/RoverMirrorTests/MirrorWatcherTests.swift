import Foundation
import RoverTestSupport
import Synchronization
import Testing

@testable import RoverCore
@testable import RoverMirror

/// `watch`'s loop, driven by a clock that never sleeps: how long it waits after failed polls, and what `--once`
/// reports for an `--exec` that fails.
@Suite struct MirrorWatcherTests {
  /// A service whose first polls fail as `failures` says (rate limited, with the Retry-After given), then list one
  /// photo on sol 10.
  final class FlakyService: PhotoService {
    let failures: [Int?]
    private let polls = Mutex(0)

    init(failures: [Int?]) { self.failures = failures }

    var serviceName: String { "stand-in" }
    func rovers() async throws -> [Rover] { [] }
    func rover(named name: String) async throws -> Rover { Rover(name: name) }
    func manifest(rover name: String) async throws -> PhotoManifest { throw ServiceError.unknownRover(name: name) }
    func solIndex(rover name: String, range: ClosedRange<Int>?) async throws -> SolIndex {
      let poll = polls.withLock { count in
        count += 1
        return count
      }
      if poll <= failures.count {
        throw ServiceError.rateLimited(retryAfter: failures[poll - 1], message: "slow down")
      }
      return SolIndex(latestSol: 10, entries: [.init(sol: 10, expected: 1)], cameras: [])
    }
    func photos(_ query: PhotoQuery) async throws -> [Photo] {
      guard case .sol(let sol) = query.selection else { return [] }
      var photo = ExecCommandTests.photo(id: .text("NLB_0010_A"), url: "https://h/NLB_0010_A.jpg")
      photo.sol = sol
      return [photo]
    }
    func photo(id: PhotoID) async throws -> Photo { throw ServiceError.photoNotFound(id: id.description) }
  }

  /// Records each wait and returns at once; the wait after `limit` of them stops the loop as a Ctrl-C would.
  struct StepClock: Clock {
    struct Instant: InstantProtocol {
      var offset: Duration
      func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
      func duration(to other: Instant) -> Duration { other.offset - offset }
      static func < (left: Instant, right: Instant) -> Bool { left.offset < right.offset }
    }

    final class Log: Sendable {
      let waits = Mutex<[Duration]>([])
      let now = Mutex(Instant(offset: .zero))
    }

    let limit: Int
    let log = Log()
    var now: Instant { log.now.withLock { $0 } }
    var minimumResolution: Duration { .zero }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
      let count = log.waits.withLock { waits in
        waits.append(now.duration(to: deadline))
        return waits.count
      }
      log.now.withLock { $0 = deadline }
      if count >= limit { throw CancellationError() }
    }
  }

  static func watcher(_ service: FlakyService, clock: StepClock) async throws -> MirrorWatcher {
    let state = try await WatchState(directory: try TestDirectory.make("rover-watcher"), name: "watch-test.sqlite")
    var watcher = MirrorWatcher(
      watch: MissionWatch(service: service, rover: "curiosity", lookback: 0), state: state, interval: 600)
    watcher.clock = clock
    return watcher
  }

  @Test func failedPollsWaitLongerEachTimeAndNeverLessThanRetryAfter() async throws {
    let clock = StepClock(limit: 4)
    let watcher = try await Self.watcher(FlakyService(failures: [nil, nil, 300]), clock: clock)
    var found: [[Photo]] = []
    var retries: [Duration] = []
    let failed = try await watcher.run { event in
      switch event {
      case .found(let photos): found.append(photos)
      case .pollFailed(_, let retryIn): retries.append(retryIn)
      default: break
      }
    }
    #expect(!failed)
    #expect(retries == [.seconds(30), .seconds(60), .seconds(300)])
    #expect(clock.log.waits.withLock { $0 } == [.seconds(30), .seconds(60), .seconds(300), .seconds(600)])
    #expect(found.map(\.count) == [1])
  }

  @Test func onceThrowsAFailedPollInsteadOfWaiting() async throws {
    let clock = StepClock(limit: 1)
    var watcher = try await Self.watcher(FlakyService(failures: [nil]), clock: clock)
    watcher.once = true
    await #expect(throws: ServiceError.self) { _ = try await watcher.run { _ in } }
    #expect(clock.log.waits.withLock { $0 }.isEmpty)
  }

  @Test func onceReportsAFailedExecAndKeepsThePhotoOwed() async throws {
    var watcher = try await Self.watcher(FlakyService(failures: []), clock: StepClock(limit: 1))
    watcher.once = true
    watcher.command = try ExecCommand("sh -c 'exit 3' {id}")
    var statuses: [Int32] = []
    let failed = try await watcher.run { event in
      if case .execFailed(_, let status) = event { statuses.append(status) }
    }
    #expect(failed)
    #expect(statuses == [3])
    #expect(try await watcher.state.allPending().map(\.id) == [.text("NLB_0010_A")])
  }
}
