import Foundation
import RoverTestSupport
import Testing

@testable import RoverCore

/// An unnamed file gets its name by one of two links: the descriptor itself (`AT_EMPTY_PATH`, a privilege root
/// has) or its /proc entry (everyone else). Both give the same file under the same rules.
@Suite(.serialized) struct TemporaryFileTests {
  static func directory() throws -> SafeDirectory {
    try SafeDirectory.root(TestDirectory.unused("rover-tmpfile"))
  }

  static func contents(_ directory: SafeDirectory, _ name: String) throws -> String {
    try String(contentsOfFile: directory.path + "/" + name, encoding: .utf8)
  }

  @Test(arguments: [true, false])
  func unnamedFileTakesItsNameEitherWay(emptyPathLinks: Bool) throws {
    let saved = TemporaryFile.linksEmptyPath.current
    TemporaryFile.linksEmptyPath.withLock { $0 = emptyPathLinks }
    defer { TemporaryFile.linksEmptyPath.withLock { $0 = saved } }
    let directory = try Self.directory()

    let first = try directory.temporaryFile()
    try first.write(Data("one".utf8))
    try first.commit(as: "a.jpg", replacing: false)
    #expect(try Self.contents(directory, "a.jpg") == "one")

    // A name taken is never overwritten unless replacing was asked for.
    let second = try directory.temporaryFile()
    try second.write(Data("two".utf8))
    #expect(throws: DownloadError.nameTaken(path: directory.path + "/a.jpg")) {
      try second.commit(as: "a.jpg", replacing: false)
    }
    second.discard()
    #expect(try Self.contents(directory, "a.jpg") == "one")

    let third = try directory.temporaryFile()
    try third.write(Data("three".utf8))
    try third.commit(as: "a.jpg", replacing: true)
    #expect(try Self.contents(directory, "a.jpg") == "three")
    // Nothing else is left in the directory: no staging names, no temporaries.
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["a.jpg"])
  }
}
