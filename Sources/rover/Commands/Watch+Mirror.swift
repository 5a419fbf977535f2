import ArgumentParser
import Foundation
import RoverCore
import RoverMirror

extension RoverCommand.Watch {
  /// The connection settings, asking the service on every poll: a cached answer would hide what is new.
  /// - Throws: `ValidationError` for `--offline`.
  func pollingSettings() throws -> ConnectionSettings {
    var settings = try settings()
    if settings.cacheMode.use == .offline {
      throw ValidationError("--offline cannot watch: every poll asks the service for what is new")
    }
    if settings.cacheMode.use == .normal { settings.cacheMode.use = .refresh }
    return settings
  }

  /// The loop, with this command line's selection, state, interval, `--download` and `--exec`.
  func makeWatcher(client: PhotoClient, settings: ConnectionSettings) async throws -> MirrorWatcher {
    var watch = MissionWatch(service: client.service, rover: rover, cameras: cameras, lookback: lookback)
    watch.events = ClientEventPrinter.handler(verbose: settings.verbose)
    watch.filter = try frames.filter()
    var watcher = MirrorWatcher(
      watch: watch, state: try await openState(service: client.serviceName), interval: Self.seconds(interval) ?? 600)
    watcher.once = once
    watcher.placement = try place.placement(client, template: name)
    watcher.command = try exec.map(ExecCommand.init)
    if let download {
      let saver = PhotoSaver(
        directory: download, template: name, jobs: jobs, writeMetadata: metadata, client: client,
        placement: watcher.placement)
      watcher.download = { try await saver.save($0) }
    }
    // A download that could not be written ends the watch with its exit code; anything else is tried again.
    watcher.isFinal = { $0 is ExitCode }
    return watcher
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

  /// Words one event: new photos as JSON Lines on stdout, the rest on stderr.
  static func report(_ event: MirrorWatcher.Event, printer: PhotoStreamPrinter) throws {
    switch event {
    case .found(let photos): try printer.write(photos)
    case .olderVersionsLeftOut(let count): FrameFilterOptions.sayOlderVersions(count)
    case .pollFailed(let error, let retryIn):
      let text = (error as? LocalizedError)?.errorDescription ?? "\(error)"
      StandardError.error("rover: watch: \(text); trying again in \(describe(retryIn))")
    case .execFailed(let photo, let status):
      StandardError.error("rover: watch: --exec exited with \(status) for photo \(photo.id)")
    case .execNotRun(let error): StandardError.error("rover: watch: --exec \(error.localizedDescription)")
    }
  }

  static func describe(_ wait: Duration) -> String {
    let seconds = Double(wait.components.seconds) + Double(wait.components.attoseconds) / 1e18
    return seconds >= 3600
      ? String(format: "%.1fh", seconds / 3600)
      : seconds >= 60 ? String(format: "%.0fm", seconds / 60) : String(format: "%.0fs", seconds)
  }
}
