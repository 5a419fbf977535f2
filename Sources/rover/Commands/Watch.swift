import ArgumentParser
import Foundation
import RoverCore

extension RoverCommand {
  struct Watch: AsyncParsableCommand, ServiceCommand {
    static let configuration = CommandConfiguration(
      commandName: "watch", abstract: "Print each new photo of a rover once, as JSON Lines, polling until stopped.",
      discussion: """
        Every --interval, asks the service (never the response cache) for the latest sol and the --lookback sols \
        before it, and prints each photo not printed before as one JSON Line on stdout. What was printed is kept \
        under $XDG_STATE_HOME/rover/ (default ~/.local/state/rover/) by rover, service and cameras, so a restart \
        repeats nothing. Failures and rate limits are reported on stderr and retried later, doubling the wait \
        from 30s up to an hour and never sooner than the server's Retry-After.
        --exec runs a program for each new photo without a shell: CMD is split into words once, by shell rules, \
        and {id} {rover} {sol} {camera} {earth_date} {url} {path} are filled in inside each word, left to right, \
        once (a value is never read for placeholders). Its output goes to stderr. The program must be found at \
        start and cannot be a placeholder. A photo is not run when {url} is not an http(s) URL or a value would \
        begin an argument with '-' (an option), unless the argument comes after a word --.
        A photo whose download or --exec failed, or was cut short by a stop (the program and what it started get \
        SIGTERM, then SIGKILL 2s later), is tried again on the next poll and after a restart, without being \
        printed again.
        Exit codes: 0 stopped (Ctrl-C, SIGTERM) or --once done, 3 with --once when a download or --exec failed, \
        64 bad usage, and a failed --once poll's own code (69 unreachable, 75 rate limited, ...).

        EXAMPLES:
          rover watch perseverance --interval 10m
          rover watch perseverance | jq -r '.img_src'
          rover watch curiosity --camera MAST --download mast/ \\
            --exec 'notify-send "{camera} {sol}"'
          # for cron: what is new since last time, then exit
          rover watch perseverance --once
        """)

    @ParentCommand var root: RoverCommand
    @OptionGroup(title: "Connection options") var connection: ConnectionOptions
    @OptionGroup var quietFlag: QuietFlag
    @Argument(help: "The rover to watch.", completion: Completions.rovers) var rover: String
    @Option(
      name: .customLong("camera"),
      help: ArgumentHelp("Only these cameras: repeat the flag or give a comma list.", valueName: "name"),
      completion: Completions.cameras)
    var cameraArguments: [String] = []
    @Option(help: ArgumentHelp("Time between polls: 30s, 10m, 1h; at least 30s.", valueName: "time"))
    var interval = "10m"
    @Option(help: ArgumentHelp("Sols before the latest also polled.", valueName: "n")) var lookback = 2
    @Flag(help: "Poll once and exit (for cron).") var once = false
    @Option(
      help: ArgumentHelp("Also download each new photo into this directory.", valueName: "dir"), completion: .directory)
    var download: String?
    @Option(help: ArgumentHelp("With --download: file name template.", valueName: "template")) var name: String?
    @Option(name: .shortAndLong, help: ArgumentHelp("Downloads at the same time (1-64).", valueName: "n")) var jobs = 8
    @Flag(help: "With --download: write each photo's JSON next to its image.") var metadata = false
    @Option(help: ArgumentHelp("Run this for each new photo (no shell; placeholders as above).", valueName: "cmd"))
    var exec: String?
    @OptionGroup var rawFeed: RawFeedFlags
    @OptionGroup(title: "Frame filters") var frames: FrameFilterOptions
    @OptionGroup(title: "Positions") var place: PositionOptions

    var cameras: [String] { PhotoSelectionOptions.cameras(cameraArguments) }

    /// Tests shorten the minimum interval with ROVER_WATCH_MINIMUM_INTERVAL (seconds) in a debug build only: a
    /// release build ignores it, so no environment makes an installed rover poll a service more than twice a minute.
    static var minimumInterval: TimeInterval {
      #if DEBUG
        ProcessInfo.processInfo.environment["ROVER_WATCH_MINIMUM_INTERVAL"].flatMap(TimeInterval.init) ?? 30
      #else
        30
      #endif
    }

    /// `30s`, `10m`, `1h`, `1.5h` or plain seconds.
    static func seconds(_ text: String) -> TimeInterval? {
      let units: [Character: TimeInterval] = ["s": 1, "m": 60, "h": 3600]
      guard let last = text.last else { return nil }
      let (number, unit) = units[last].map { (text.dropLast(), $0) } ?? (Substring(text), 1)
      guard let value = TimeInterval(number), value.isFinite, value > 0 else { return nil }
      return value * unit
    }

    func validate() throws {
      try validateRoverName(rover)
      guard let seconds = Self.seconds(interval) else {
        throw ValidationError("--interval must be a time like 30s, 10m or 1h, got '\(interval)'")
      }
      guard seconds >= Self.minimumInterval else {
        throw ValidationError("--interval must be at least 30s, got '\(interval)'")
      }
      guard lookback >= 0 else { throw ValidationError("--lookback must be 0 or more, got \(lookback)") }
      guard (1...64).contains(jobs) else { throw ValidationError("--jobs must be between 1 and 64, got \(jobs)") }
      if let exec {
        // Before any request: a typo would otherwise fail once for every photo.
        do {
          try ExecCommand(exec).checkProgram(searchPath: ProcessInfo.processInfo.environment["PATH"])
        } catch let error as ExecCommandError {
          throw ValidationError("--exec: " + error.localizedDescription)
        }
      }
      if name != nil || metadata, download == nil { throw ValidationError("--name and --metadata need --download") }
      if let name {
        do { _ = try NameTemplate(name) } catch let error as DownloadError {
          throw ValidationError(ExitStatus.message(for: error))
        }
      }
    }

    func run() async throws {
      var settings = try settings()
      if settings.cacheMode.use == .offline {
        throw ValidationError("--offline cannot watch: every poll asks the service for what is new")
      }
      // Every poll asks the service: a cached answer would hide what is new.
      if settings.cacheMode.use == .normal { settings.cacheMode.use = .refresh }
      let template = try name.map { try NameTemplate($0) }
      try frames.checkService(settings, rover: rover, template: template)
      let service = try self.service(
        frames.options(rawFeed.options(keepingRecords: metadata), template: template), settings: settings)
      var watch = MissionWatch(service: service, rover: rover, cameras: cameras, lookback: lookback)
      watch.events = ClientEventPrinter.handler(verbose: settings.verbose)
      watch.filter = try frames.filter()
      let state = try await openState(service: service.serviceName)
      let command = try exec.map(ExecCommand.init)
      let pause = Self.seconds(interval) ?? 600
      let printer = PhotoStreamPrinter(Printer(format: .jsonl, color: false))
      let placement = try place.placement(settings, template: name)
      var failures = 0
      // Older versions already said: each is said once, though every poll lists the look-back window again.
      var leftOut: Set<String> = []
      while !Task.isCancelled {
        var wait = pause
        do {
          let said = leftOut.count
          let polled = try await watch.poll(state, leftOut: &leftOut)
          failures = 0
          // Positions looked up once a run; photos outside --near are seen, never printed nor acted on.
          let new = try await placement?.apply(polled) ?? polled
          try printer.write(new)
          FrameFilterOptions.sayOlderVersions(leftOut.count - said)
          let acts = download != nil || command != nil
          let kept = Set(new.map(\.id))
          try state.markSeen(polled.filter { !kept.contains($0.id) }, pending: false)
          try state.markSeen(new, pending: acts)
          let failed = try await act(
            on: acts ? state.pending() : [], state: state, settings: settings, command: command,
            placement: placement)
          if once {
            if failed { throw ExitCode(ExitStatus.someDownloadsFailed) }
            return
          }
        } catch is CancellationError {
          break
        } catch let error as ExitCode {
          throw error
        } catch {
          if Task.isCancelled { break }
          if once { throw error }
          failures += 1
          var retryAfter: TimeInterval?
          if case ServiceError.rateLimited(let seconds?, _) = error { retryAfter = TimeInterval(seconds) }
          wait = MissionWatch.backoff(failures: failures, interval: pause, retryAfter: retryAfter)
          let text = (error as? LocalizedError)?.errorDescription ?? "\(error)"
          StandardError.error("rover: watch: \(text); trying again in \(Self.describe(wait))")
        }
        do { try await Task.sleep(nanoseconds: UInt64(wait * 1_000_000_000)) } catch { break }
      }
    }

    /// What earlier runs printed, for this rover, service and cameras; a damaged file is started afresh, said.
    private func openState(service: String) async throws -> WatchState {
      let state = try await WatchState(
        directory: WatchState.directory(environment: ProcessInfo.processInfo.environment),
        name: WatchState.fileName(rover: rover, service: service, cameras: cameras)
      ) { StandardError.line("rover: \(NoticeWording.text($0))") }
      if let why = state.rebuiltBecause {
        StandardError.line(
          "rover: warning: \(state.path) was damaged (\(why)): started afresh (photos may be printed once more)")
      }
      return state
    }

    static func describe(_ seconds: TimeInterval) -> String {
      seconds >= 3600
        ? String(format: "%.1fh", seconds / 3600)
        : seconds >= 60 ? String(format: "%.0fm", seconds / 60) : String(format: "%.0fs", seconds)
    }
  }
}
