import Foundation

extension RoverProcess {
  /// Variables passed through from the test process because tooling, not the user, sets them: coverage output
  /// and sanitizer options, and the HTTP engine a whole test run is made on (`ROVER_HTTP_ENGINE=urlsession`).
  /// Without `LLVM_PROFILE_FILE`, a coverage build of `rover` drops files in the cwd.
  static let passedThroughVariables = [
    "LLVM_PROFILE_FILE", "TSAN_OPTIONS", "ASAN_OPTIONS", "UBSAN_OPTIONS", "ROVER_HTTP_ENGINE",
  ]

  /// The child's whole environment: the minimal set, then `extra` on top. Creates the sandbox directories that
  /// `extra` does not replace.
  static func makeEnvironment(adding extra: [String: String], sandbox: URL) throws -> [String: String] {
    let parent = ProcessInfo.processInfo.environment
    var environment = ["PATH": parent["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"]
    for name in passedThroughVariables {
      environment[name] = parent[name]
    }
    let generated = [("HOME", "home"), ("XDG_CONFIG_HOME", "config"), ("XDG_CACHE_HOME", "cache")]
    for (name, folder) in generated where extra[name] == nil {
      let directory = sandbox.appendingPathComponent(folder, isDirectory: true)
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      environment[name] = directory.path
    }
    environment.merge(extra) { _, new in new }
    return environment
  }
}
