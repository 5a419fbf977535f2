import ArgumentParser
import Foundation
import RoverCore

extension RoverCommand.Watch {
  /// Downloads and runs --exec for the photos still owed them: this poll's and those that failed before (or were
  /// cut short by a stop). Each leaves the state's list only once both succeeded, so a transient failure is made
  /// good on the next poll and a stop after a restart. True when any of it failed (reported on stderr).
  /// - Throws: `CancellationError` when rover was stopped; `ExitCode` when a download could not be written.
  func act(
    on photos: [Photo], state: WatchState, client: PhotoClient, command: ExecCommand?,
    placement: PhotoPlacement? = nil
  ) async throws -> Bool {
    guard !photos.isEmpty, download != nil || command != nil else { return false }
    var failed = false
    var paths: [PhotoID: String] = [:]
    if let download {
      (failed, paths) = try await PhotoSaver(
        directory: download, template: name, jobs: jobs, writeMetadata: metadata, client: client,
        placement: placement
      ).save(photos)
      // A write error ends the watch; a Ctrl-C is the watch's own clean stop (exit 0), handled by its loop.
      if command == nil { try state.settle(photos.filter { paths[$0.id] != nil }) }
    }
    if let command {
      for photo in photos where download == nil || paths[photo.id] != nil {
        try Task.checkCancellation()
        let (settled, succeeded) = try await execute(command, for: photo, path: paths[photo.id])
        if settled { try state.settle([photo]) }
        failed = failed || !succeeded
      }
    }
    try Task.checkCancellation()
    return failed
  }

  /// Runs --exec for one photo. Settled when it succeeded or was refused (it would be refused again); a program
  /// stopped because rover is stopping is neither settled nor reported, so it runs again after a restart.
  private func execute(_ command: ExecCommand, for photo: Photo, path: String?) async throws
    -> (settled: Bool, succeeded: Bool)
  {
    do {
      let status = try await command.run(for: photo, path: path)
      if status == 0 { return (true, true) }
      // Ended by the stop rather than failed: it runs again after a restart, without a message.
      try Task.checkCancellation()
      StandardError.error("rover: watch: --exec exited with \(status) for photo \(photo.id)")
      return (false, false)
    } catch let error as ExecCommandError {
      StandardError.error("rover: watch: --exec \(error.localizedDescription)")
      if case .refused = error { return (true, false) }
      return (false, false)
    }
  }
}
