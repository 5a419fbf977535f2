import Foundation
import Testing

@testable import RoverTestSupport

@Suite("RoverProcess")
struct RoverProcessTests {
  static let shell = URL(fileURLWithPath: "/bin/sh")

  private func sh(
    _ script: String, environment: [String: String] = [:], stdin: Data? = nil, currentDirectory: URL? = nil,
    timeout: TimeInterval = 10
  ) async throws -> RoverProcessResult {
    try await RoverProcess.run(
      executable: Self.shell, arguments: ["-c", script], environment: environment, stdin: stdin,
      currentDirectory: currentDirectory, timeout: timeout)
  }

  @Test("captures stdout, stderr and the exit code separately")
  func separateStreams() async throws {
    let result = try await sh("echo out; echo err >&2; echo more; exit 3")
    #expect(result.stdout == "out\nmore\n")
    #expect(result.stderr == "err\n")
    #expect(result.exitCode == 3)
    #expect(!result.wasKilledBySignal)
  }

  @Test("drains both streams at once, so megabytes on each cannot deadlock")
  func largeOutput() async throws {
    let result = try await sh("head -c 3000000 /dev/zero >&2; head -c 2000000 /dev/zero; echo done >&2")
    #expect(result.stdoutData.count == 2_000_000)
    #expect(result.stderrData.count == 3_000_005)
    #expect(result.exitCode == 0)
  }

  @Test("gives the child a clean environment with fresh HOME and XDG directories")
  func environment() async throws {
    let result = try await sh("env", environment: ["ROVER_BASE_URL": "http://127.0.0.1:1/api/v1"])
    let variables = Dictionary(
      result.stdout.split(separator: "\n").compactMap { line -> (String, String)? in
        let parts = line.split(separator: "=", maxSplits: 1)
        return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
      }, uniquingKeysWith: { $1 })
    let shellOwn: Set<String> = ["PWD", "SHLVL", "_"]
    let allowed = shellOwn.union(["PATH", "HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "ROVER_BASE_URL"])
      .union(RoverProcess.passedThroughVariables)
    #expect(Set(variables.keys).subtracting(allowed).isEmpty, "unexpected: \(variables.keys.sorted())")
    #expect(variables["NO_COLOR"] == nil)
    #expect(variables["ROVER_BASE_URL"] == "http://127.0.0.1:1/api/v1")
    let home = try #require(variables["HOME"])
    #expect(home != ProcessInfo.processInfo.environment["HOME"])
    #expect(home.hasPrefix(FileManager.default.temporaryDirectory.path))
    #expect(variables["XDG_CACHE_HOME"] != variables["XDG_CONFIG_HOME"])
    #expect(!FileManager.default.fileExists(atPath: home), "the sandbox is removed after the run")
  }

  @Test("caller-given XDG directories and HOME replace the generated ones")
  func givenDirectories() async throws {
    let cache = FileManager.default.temporaryDirectory.appendingPathComponent("rover-cache-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: cache) }
    let result = try await sh(
      #"mkdir -p "$XDG_CACHE_HOME" && echo kept > "$XDG_CACHE_HOME/file" && echo "$XDG_CACHE_HOME""#,
      environment: ["XDG_CACHE_HOME": cache.path])
    #expect(result.stdout == cache.path + "\n")
    #expect(try String(contentsOf: cache.appendingPathComponent("file"), encoding: .utf8) == "kept\n")
  }

  @Test("feeds stdin and honours the working directory")
  func stdinAndDirectory() async throws {
    let input = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0) })
    #expect(try await sh("cat", stdin: input).stdoutData == input)
    #expect(try await sh("cat").stdout == "", "no stdin reads /dev/null")
    let directory = FileManager.default.temporaryDirectory.resolvingSymlinksInPath()
    #expect(try await sh("pwd", currentDirectory: directory).stdout == directory.path + "\n")
  }

  @Test("a child that ignores its stdin does not hurt the test process")
  func unreadStdin() async throws {
    let result = try await sh("exit 0", stdin: Data(count: 1_000_000))
    #expect(result.exitCode == 0)
  }

  @Test("interrupt delivers SIGINT: a trap runs, and a default handler dies of it")
  func interrupt() async throws {
    let trapping = try RoverProcess.start(
      executable: Self.shell,
      arguments: ["-c", #"trap 'echo interrupted >&2; exit 130' INT; echo ready; while :; do sleep 0.02; done"#])
    try await trapping.waitForOutput(containing: "ready", on: .stdout)
    #expect(trapping.isRunning)
    trapping.interrupt()
    let trapped = try await trapping.wait(timeout: 5)
    #expect(trapped.exitCode == 130)
    #expect(trapped.stderr == "interrupted\n")
    #expect(!trapped.wasKilledBySignal)

    // Spawned from a thread that blocks SIGINT (as Swift concurrency threads do): the child must not inherit that.
    let sleeper = try Self.startWithSIGINTBlocked(URL(fileURLWithPath: "/bin/sleep"), arguments: ["5"])
    try await Task.sleep(nanoseconds: 50_000_000)
    sleeper.interrupt()
    let killed = try await sleeper.wait(timeout: 3)
    #expect(killed.terminationSignal == SIGINT)
    #expect(killed.exitCode == 128 + SIGINT)
    #expect(killed.duration < 2)
  }

  private static func startWithSIGINTBlocked(_ executable: URL, arguments: [String]) throws -> RunningRover {
    let outcome = Locked<Result<RunningRover, any Error>?>(nil)
    let done = DispatchSemaphore(value: 0)
    Thread {
      var blocked = sigset_t()
      sigemptyset(&blocked)
      sigaddset(&blocked, SIGINT)
      pthread_sigmask(SIG_BLOCK, &blocked, nil)
      let result = Result { try RoverProcess.start(executable: executable, arguments: arguments) }
      outcome.withLock { $0 = result }
      done.signal()
    }.start()
    done.wait()
    guard let result = outcome.withLock({ $0 }) else { throw CancellationError() }
    return try result.get()
  }

  @Test("terminate, and signals after exit are refused")
  func terminate() async throws {
    let child = try RoverProcess.start(executable: URL(fileURLWithPath: "/bin/sleep"), arguments: ["5"])
    child.terminate()
    let result = try await child.wait(timeout: 3)
    #expect(result.terminationSignal == SIGTERM)
    #expect(!child.isRunning)
    #expect(!child.send(signal: SIGINT))
  }

  @Test("a timeout kills the child and everything it started, and reports what it wrote")
  func timeout() async throws {
    let start = Date()
    let error = await #expect(throws: RoverProcessError.self) {
      try await sh("echo started; sleep 30 & sleep 30", timeout: 3)
    }
    guard case .timedOut(_, let partial) = error else {
      Issue.record("expected timedOut, got \(String(describing: error))")
      return
    }
    #expect(partial.stdout == "started\n")
    #expect(partial.terminationSignal == SIGKILL)
    // Far below the children's 30 s sleeps: they were killed (loose, for loaded CI machines).
    #expect(Date().timeIntervalSince(start) < 20)
  }

  @Test("waitUntil polls a condition and gives up with the output attached")
  func waitUntil() async throws {
    let child = try RoverProcess.start(
      executable: Self.shell, arguments: ["-c", "echo one; sleep 0.2; echo two >&2; sleep 5"])
    defer { child.kill() }
    try await child.waitUntil("two lines") { $0.stdout.contains("one") && $0.stderr.contains("two") }
    let error = await #expect(throws: RoverProcessError.self) {
      try await child.waitForOutput(containing: "three", timeout: 0.2)
    }
    guard case .conditionNotMet(_, let stdout, let stderr) = error else {
      Issue.record("expected conditionNotMet")
      return
    }
    #expect(stdout == "one\n")
    #expect(stderr == "two\n")
  }

  @Test("waiting for output a finished child never wrote fails at once")
  func waitOnExited() async throws {
    let child = try RoverProcess.start(executable: Self.shell, arguments: ["-c", "echo bye"])
    let start = Date()
    await #expect(throws: RoverProcessError.self) { try await child.waitForOutput(containing: "hello", timeout: 60) }
    // Far below the 60 s timeout: it gave up as soon as the child had exited (loose, for loaded CI machines).
    #expect(Date().timeIntervalSince(start) < 30)
  }

  @Test("a missing executable fails to launch")
  func missingExecutable() async throws {
    await #expect(throws: RoverProcessError.self) {
      try await RoverProcess.run(executable: URL(fileURLWithPath: "/nonexistent/rover"))
    }
  }

  @Test("locates rover via ROVER_BINARY, else next to the test binary")
  func locating() throws {
    let viaEnvironment = RoverProcess.locate(environment: ["ROVER_BINARY": "/bin/sh"], startingPoints: [])
    #expect(try viaEnvironment.get().path == "/bin/sh")
    let badOverride = RoverProcess.locate(environment: ["ROVER_BINARY": "/nonexistent"], startingPoints: [])
    #expect(throws: RoverProcessError.self) { try badOverride.get() }

    let products = FileManager.default.temporaryDirectory.appendingPathComponent("products-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: products) }
    try FileManager.default.createDirectory(at: products, withIntermediateDirectories: true)
    let fake = products.appendingPathComponent("rover")
    try Data("#!/bin/sh\n".utf8).write(to: fake)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake.path)
    let testBinary = products.appendingPathComponent("roverPackageTests.xctest")
    let found = RoverProcess.locate(environment: [:], startingPoints: [testBinary])
    #expect(try found.get().path == fake.path)

    let built = try RoverProcess.roverExecutableURL()
    #expect(built.lastPathComponent == "rover")
    #expect(FileManager.default.isExecutableFile(atPath: built.path))
  }
}
