import Foundation
import RoverTestSupport
import Testing

@Suite struct FetchImageCommandTests {
  @Test func wholeSolThenRerunMakesNoImageRequest() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let dir = try TestDirectory.make("rover-cli")
    let first = try await CLI.run(
      ["fetch-image", "curiosity", "--sol", "1000", "-o", dir.path, "-j", "16"], against: api)
    #expect(first.exitCode == 0, "\(first)")
    let expected = api.dataset.photos(rover: "Curiosity", sol: 1000)
    #expect(imagesBelow(dir).count == expected.count)
    #expect(api.requestCount(pathPrefix: "/images/") == expected.count)
    #expect(first.stdout.isEmpty)
    // Not a terminal: no progress bar, only the summary line.
    #expect(first.stderr.split(separator: "\n").count == 1, "\(first.stderr)")
    #expect(!first.stderr.contains("\u{1B}["))
    #expect(first.stderr.contains("downloaded \(expected.count), skipped 0, failed 0"))
    // The size as `%.1f` prints it (rover formats it without Foundation's formatter).
    let total = Double(expected.count * api.dataset.imageSize)
    let size = total < 1000 ? "\(Int(total)) B" : String(format: "%.1f KB", total / 1000)
    #expect(total < 1_000_000 && first.stderr.contains(", \(size) in "), "\(first.stderr)")
    for name in imagesBelow(dir) { #expect(fileSize(dir.appendingPathComponent(name)) == api.dataset.imageSize) }

    api.server.resetLog()
    let second = try await CLI.run(["fetch-image", "curiosity", "--sol", "1000", "-o", dir.path], against: api)
    #expect(second.exitCode == 0, "\(second)")
    #expect(api.requestCount(pathPrefix: "/images/") == 0)
    #expect(second.stderr.contains("downloaded 0, skipped \(expected.count)"))
  }

  /// On a terminal (a pseudo-terminal from `script`), stderr carries the progress bar; stdout stays data only.
  @Test func progressBarOnlyOnATerminal() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    api.inject(.delay(0.15), times: 20, pathPrefix: "/images/")
    let dir = try TestDirectory.make("rover-cli")
    let input = dir.appendingPathComponent("photos.jsonl")
    let lines = (1...6).map {
      PhotoLines.line(id: String($0), imgSrc: api.server.url("/images/t\($0).jpg").absoluteString)
    }
    try PhotoLines.data(lines).write(to: input)
    let rover = try RoverProcess.roverExecutableURL().path
    let command = "\(rover) fetch-image - -o \(dir.appendingPathComponent("out").path) -j 2 < \(input.path)"
    let result = try await RoverProcess.run(
      executable: URL(fileURLWithPath: "/usr/bin/script"), arguments: ["-qec", command, "/dev/null"])
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stdout.contains("\r\u{1B}[2K["), "\(result.stdout)")
    #expect(result.stdout.contains("6/6"))
    #expect(result.stdout.contains("downloaded 6, skipped 0, failed 0"))
  }

  /// URLs piped in say nothing of rover, sol or camera: their records say `null`, not a made-up value.
  @Test func urlsPipedInHaveNullWhatTheyDoNotSay() async throws {
    let input = Data("http://127.0.0.1:9/a/FLB_1.JPG\n".utf8)
    let result = try await CLI.run(
      ["fetch-image", "-", "-o", try TestDirectory.make("rover-cli").path, "--dry-run", "--json"], stdin: input)
    #expect(result.exitCode == 0, "\(result)")
    let record = try #require(try CLI.jsonLines(result.stdout).first)
    for key in ["rover", "sol", "camera"] {
      #expect(record[key] is NSNull, "\(key): \(String(describing: record[key]))")
    }
    #expect(record["id"] as? String == "FLB_1")
  }

  @Test func sharedURLIsFetchedOnce() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let dir = try TestDirectory.make("rover-cli")
    let shared = api.server.url("/images/shared.jpg").absoluteString
    let lines = (1...12).map { PhotoLines.line(id: String($0), imgSrc: shared) }
    let result = try await CLI.run(["fetch-image", "-", "-o", dir.path, "-j", "8"], stdin: PhotoLines.data(lines))
    #expect(result.exitCode == 0, "\(result)")
    #expect(api.requestCount(pathPrefix: "/images/shared.jpg") == 1)
    #expect(imagesBelow(dir).count == 12)
  }

  @Test func concurrencyLimitIsRespected() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    api.inject(.delay(0.15), times: 40, pathPrefix: "/images/")
    let dir = try TestDirectory.make("rover-cli")
    let lines = (1...24).map {
      PhotoLines.line(id: String($0), imgSrc: api.server.url("/images/c\($0).jpg").absoluteString)
    }
    let result = try await CLI.run(["fetch-image", "-", "-o", dir.path, "-j", "4"], stdin: PhotoLines.data(lines))
    #expect(result.exitCode == 0, "\(result)")
    #expect(api.server.maxConcurrentRequests <= 4)
    #expect(api.server.maxConcurrentRequests >= 2)
  }

  @Test(arguments: [
    MockFault.serverError, .tooManyRequests(retryAfter: 1), .dropConnection, .truncated(after: 100),
    .status(503, body: "busy", contentType: "text/plain", headers: ["Retry-After": "0"]),
  ])
  func transientFailuresAreRetried(fault: MockFault) async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    api.inject(fault, times: 1, pathPrefix: "/images/")
    let dir = try TestDirectory.make("rover-cli")
    let line = PhotoLines.line(id: "1", imgSrc: api.server.url("/images/r.jpg").absoluteString)
    let result = try await CLI.run(["fetch-image", "-", "-o", dir.path], stdin: PhotoLines.data([line]))
    #expect(result.exitCode == 0, "\(result)")
    #expect(api.requestCount(pathPrefix: "/images/r.jpg") == 2)
    #expect(imagesBelow(dir) == ["curiosity_1000_FHAZ_1.jpg"])
    #expect(fileSize(dir.appendingPathComponent("curiosity_1000_FHAZ_1.jpg")) == api.dataset.imageSize)
  }

  @Test func persistentShortBodyFailsWithoutLeavingAFile() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    api.inject(.truncated(after: 1000), times: 10, pathPrefix: "/images/")
    let dir = try TestDirectory.make("rover-cli")
    let line = PhotoLines.line(id: "7", imgSrc: api.server.url("/images/t.jpg").absoluteString)
    let result = try await CLI.run(
      ["fetch-image", "-", "-o", dir.path, "--retries", "2"], stdin: PhotoLines.data([line]))
    #expect(result.exitCode == 3, "\(result)")
    #expect(result.stderr.contains("rover: failed photo 7"))
    #expect(api.requestCount(pathPrefix: "/images/t.jpg") == 3)
    #expect(imagesBelow(dir).isEmpty, "no partial file under any name: \(filesBelow(dir))")
  }

  @Test func htmlAndNotFoundAreNotRetried() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    api.inject(.html(status: 200), times: 1, pathPrefix: "/images/dead.jpg")
    api.inject(.notFound, times: 1, pathPrefix: "/images/gone.jpg")
    let dir = try TestDirectory.make("rover-cli")
    let lines = [
      PhotoLines.line(id: "1", imgSrc: api.server.url("/images/dead.jpg").absoluteString, rover: "Spirit"),
      PhotoLines.line(id: "2", imgSrc: api.server.url("/images/gone.jpg").absoluteString),
      PhotoLines.line(id: "3", imgSrc: api.server.url("/images/fine.jpg").absoluteString),
    ]
    let result = try await CLI.run(["fetch-image", "-", "-o", dir.path, "--json"], stdin: PhotoLines.data(lines))
    #expect(result.exitCode == 3, "\(result)")
    #expect(api.requestCount(pathPrefix: "/images/dead.jpg") == 1)
    #expect(api.requestCount(pathPrefix: "/images/gone.jpg") == 1)
    // The dead Spirit link is the line saying to use the PDS; its own error is in its record.
    #expect(result.stderr.contains("Spirit and Opportunity images are served by the PDS"))
    #expect(result.stderr.contains("HTTP 404"))
    let records = try CLI.jsonLines(result.stdout)
    #expect(records.contains { ($0["error"] as? String)?.contains("not an image (text/html") == true })
    #expect(records.count == 3)
    #expect(Set(records.compactMap { $0["status"] as? String }) == ["failed", "downloaded"])
    #expect(imagesBelow(dir) == ["curiosity_1000_FHAZ_3.jpg"])
  }

  @Test func hostileNamesStayInsideTheOutputDirectory() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let parent = try TestDirectory.make("rover-cli")
    let dir = parent.appendingPathComponent("out")
    let long = String(repeating: "x", count: 400)
    let lines = [
      PhotoLines.line(id: "../../escape", imgSrc: api.server.url("/images/a.jpg").absoluteString, camera: "../.."),
      PhotoLines.line(id: "2", imgSrc: api.server.url("/images/b.jpg").absoluteString, rover: ".hidden", camera: "a/b"),
      PhotoLines.line(id: "3", imgSrc: api.server.url("/images/c.jpg").absoluteString, camera: "x\u{7}\ny" + long),
    ]
    let result = try await CLI.run(
      ["fetch-image", "-", "-o", dir.path, "--name", "{rover}/{camera}/{id}.{ext}"], stdin: PhotoLines.data(lines))
    #expect(result.exitCode == 0, "\(result)")
    #expect(filesBelow(parent).allSatisfy { $0.hasPrefix("out/") })
    let names = imagesBelow(dir)
    #expect(names.count == 3)
    for name in names {
      #expect(!name.split(separator: "/").contains { $0.hasPrefix(".") }, "\(name)")
      #expect(name.split(separator: "/").allSatisfy { $0.utf8.count <= 180 }, "\(name)")
      #expect(!name.contains("\n") && !name.contains("\u{7}"))
    }
  }

  @Test func templatePlaceholders() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let dir = try TestDirectory.make("rover-cli")
    let line = PhotoLines.line(id: "42", imgSrc: api.server.url("/images/FLB_1.JPG").absoluteString, sol: 7)
    let result = try await CLI.run(
      ["fetch-image", "-", "-o", dir.path, "--name", "{rover}/{earth_date}/{sol}-{camera}-{id}-{filename}.{ext}"],
      stdin: PhotoLines.data([line]))
    #expect(result.exitCode == 0, "\(result)")
    #expect(imagesBelow(dir) == ["curiosity/2015-05-30/7-FHAZ-42-FLB_1.JPG.jpg"])
  }

  @Test func archiveSkipsMovedFilesAndForceDownloadsAgain() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let dir = try TestDirectory.make("rover-cli")
    let archive = dir.appendingPathComponent("archive.txt").path
    let args = [
      "fetch-image", "curiosity", "--sol", "1004", "-o", dir.appendingPathComponent("p").path, "--archive", archive,
    ]
    let first = try await CLI.run(args, against: api)
    #expect(first.exitCode == 0, "\(first)")
    let count = api.dataset.photos(rover: "Curiosity", sol: 1004).count
    let lines = try String(contentsOfFile: archive, encoding: .utf8).split(separator: "\n")
    #expect(lines.count == count)
    // What the README says a line holds: rover, id, bytes, path, product; five fields, tab-separated.
    let fields = lines.first?.split(separator: "\t", omittingEmptySubsequences: false) ?? []
    #expect(fields.count == 5 && fields.first == "curiosity", "\(lines)")
    try FileManager.default.moveItem(at: dir.appendingPathComponent("p"), to: dir.appendingPathComponent("moved"))
    api.server.resetLog()
    let second = try await CLI.run(args, against: api)
    #expect(second.exitCode == 0)
    #expect(api.requestCount(pathPrefix: "/images/") == 0)
    #expect(second.stderr.contains("skipped \(count)"))
    let forced = try await CLI.run(args + ["--force"], against: api)
    #expect(forced.exitCode == 0)
    #expect(api.requestCount(pathPrefix: "/images/") == count)
  }

  @Test func archiveAddedLaterRecordsFilesAlreadyInPlace() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let dir = try TestDirectory.make("rover-cli")
    let out = dir.appendingPathComponent("p").path
    _ = try await CLI.run(["fetch-image", "curiosity", "--sol", "1010", "-o", out], against: api)
    let archive = dir.appendingPathComponent("a.txt").path
    let second = try await CLI.run(
      ["fetch-image", "curiosity", "--sol", "1010", "-o", out, "--archive", archive], against: api)
    #expect(second.exitCode == 0, "\(second)")
    let count = api.dataset.photos(rover: "Curiosity", sol: 1010).count
    #expect(try String(contentsOfFile: archive, encoding: .utf8).split(separator: "\n").count == count)
  }

  @Test func fileOfTheWrongSizeIsDownloadedAgain() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let dir = try TestDirectory.make("rover-cli")
    let line = PhotoLines.line(id: "5", imgSrc: api.server.url("/images/s.jpg").absoluteString)
    _ = try await CLI.run(["fetch-image", "-", "-o", dir.path], stdin: PhotoLines.data([line]))
    let file = dir.appendingPathComponent("curiosity_1000_FHAZ_5.jpg")
    try Data("oops".utf8).write(to: file)
    let again = try await CLI.run(["fetch-image", "-", "-o", dir.path], stdin: PhotoLines.data([line]))
    #expect(again.exitCode == 0)
    #expect(api.requestCount(pathPrefix: "/images/s.jpg") == 2)
    #expect(fileSize(file) == api.dataset.imageSize)
  }

  @Test func byIDsWithMetadataAndJSON() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let dir = try TestDirectory.make("rover-cli")
    let photos = api.dataset.photos(rover: "Curiosity", sol: 1010).prefix(2)
    let result = try await CLI.run(
      ["fetch-image"] + photos.map { String($0.id) } + ["-o", dir.path, "--metadata", "--json"], against: api)
    #expect(result.exitCode == 0, "\(result)")
    let records = try CLI.jsonLines(result.stdout)
    #expect(records.compactMap { $0["id"] as? Int }.sorted() == photos.map(\.id).sorted())
    #expect(records.allSatisfy { $0["status"] as? String == "downloaded" && $0["bytes"] as? Int == 4096 })
    for record in records {
      let path = try #require(record["path"] as? String)
      let sidecar = try Data(contentsOf: URL(fileURLWithPath: path + ".json"))
      let object = try #require(try JSONSerialization.jsonObject(with: sidecar) as? [String: Any])
      #expect(object["id"] as? Int == record["id"] as? Int)
    }
  }

  /// One bad id no longer stops the batch (issue "whole missions"): the others download, the bad one is named,
  /// exit 3; an id alone that is unknown is still exit 66.
  @Test func unknownIDIsNamedAndTheOthersDownload() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let dir = try TestDirectory.make("rover-cli")
    let known = try #require(api.dataset.photos(rover: "Curiosity", sol: 1010).first)
    let result = try await CLI.run(["fetch-image", String(known.id), "424242", "-o", dir.path], against: api)
    #expect(result.exitCode == 3, "\(result)")
    #expect(result.stderr.contains("failed photo 424242: no photo with id 424242"))
    #expect(api.requestCount(pathPrefix: "/images/") == 1)
    let alone = try await CLI.run(["fetch-image", "424242", "-o", dir.path], against: api)
    #expect(alone.exitCode == 66, "\(alone)")
  }

  @Test func malformedStdinIs65() async throws {
    let result = try await CLI.run(["fetch-image", "-", "-o", "/tmp"], stdin: Data("{\"id\": 1}\nnot json\n".utf8))
    #expect(result.exitCode == 65, "\(result)")
    #expect(result.stderr.contains("line 1"))
  }

  @Test func unwritableOutputIs74() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let dir = try TestDirectory.make("rover-cli")
    let blocker = dir.appendingPathComponent("file")
    try Data("x".utf8).write(to: blocker)
    let line = PhotoLines.line(id: "1", imgSrc: api.server.url("/images/a.jpg").absoluteString)
    let result = try await CLI.run(
      ["fetch-image", "-", "-o", blocker.appendingPathComponent("sub").path], stdin: PhotoLines.data([line]))
    #expect(result.exitCode == 74, "\(result)")
    #expect(result.stderr.contains("cannot write"))
  }

  /// Ctrl-C mid-transfer: exit 130, the summary so far, and no partial file under any name.
  @Test func interruptLeavesNoPartialFile() async throws {
    // Slow enough (about 13 s a file) that the test sees a transfer in flight even on a loaded machine.
    let download = try await SlowDownload.start(slow: 5, chunkDelay: 0.05)
    defer { download.stop() }
    download.child.interrupt()
    let result = try await download.child.wait(timeout: 20)
    #expect(result.exitCode == 130, "\(result)")
    #expect(result.stderr.contains("interrupted"))
    #expect(result.stderr.contains("downloaded 1"))
    let left = imagesBelow(download.directory)
    #expect(left == [SlowDownload.finished], "\(left)")
    #expect(fileSize(download.directory.appendingPathComponent(SlowDownload.finished)) == SlowDownload.size)
  }
}
