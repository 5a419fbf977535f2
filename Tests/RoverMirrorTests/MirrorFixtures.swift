import Foundation
import Testing

@testable import RoverCore

/// The few RoverCoreTests helpers the mirror's tests use, kept here: one test target cannot import another.
enum MirrorFixtures {
  /// A photo at a URL no server answers, named `stem` (its id when empty): Curiosity's FHAZ on sol 1000.
  static func photo(_ id: Int, stem: String) -> Photo {
    Photo(
      id: .number(id), sol: 1000, camera: Camera(name: "FHAZ"),
      imageSource: "http://127.0.0.1:9/images/\(stem.isEmpty ? "\(id)" : stem).jpg",
      earthDate: CalendarDate(year: 2015, month: 5, day: 30)!, rover: Rover(name: "Curiosity", status: .active))
  }

  /// Overwrites one 4 KiB page in the middle of an SQLite file with bytes no b-tree page starts with.
  static func damagePage(of file: URL) throws {
    let handle = try FileHandle(forUpdating: file)
    defer { try? handle.close() }
    let size = try handle.seekToEnd()
    #expect(size >= 8 * 4096, "too small a file to damage one page in the middle: \(size) bytes")
    try handle.seek(toOffset: (size / 4096 / 2) * 4096)
    try handle.write(contentsOf: Data(repeating: 0xFF, count: 4096))
  }
}
