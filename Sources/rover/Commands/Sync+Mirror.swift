import ArgumentParser
import Foundation
import RoverCore
import RoverMirror

extension RoverCommand.Sync {
  /// The connection settings; late frames arrive within a cached answer's lifetime, so a sync asks the service (and
  /// refreshes the cache) unless told otherwise (--offline, --no-cache, --max-age).
  /// - Throws: `ValidationError` for `--offline` without `--dry-run`.
  func syncSettings() throws -> ConnectionSettings {
    var settings = try settings()
    if settings.cacheMode.use == .offline, !dryRun {
      throw ValidationError("--offline cannot download images (they are not cached); add --dry-run to list them")
    }
    if settings.cacheMode.use == .normal, settings.cacheMode.maxAge == nil { settings.cacheMode.use = .refresh }
    return settings
  }

  /// The output folder and its record (a scratch copy for a dry run), the record's own warnings said.
  /// - Throws: `ExitCode(ioError)` when the record cannot be opened (said on stderr).
  func openFolder(shard: Shard?) async throws -> SyncFolder {
    let folder: SyncFolder
    do {
      folder = try await SyncFolder.open(
        URL(fileURLWithPath: outputDirectory), shard: shard, dryRun: dryRun
      ) { StandardError.line("rover: \(NoticeWording.text($0))") }
    } catch let error as DownloadError {
      StandardError.error("rover: \(error.localizedDescription)")
      throw ExitCode(ExitStatus.ioError)
    }
    for notice in Downloader.notices(of: folder.record) {
      StandardError.line("rover: warning: \(NoticeWording.text(notice))")
    }
    return folder
  }

  /// What this run mirrors, its changes said before anything is fetched.
  /// - Throws: `ValidationError` when no rover is known or the remembered selection was lost.
  func makePlan(_ record: DownloadRecord) throws -> SyncPlan {
    do {
      return try SyncPlan(given, record: record) { event in
        switch event {
        case .selectionChanges(let from, let to):
          StandardError.line("rover: sync: the selection changes from '\(from)' to '\(to)'")
        case .solsReopened(let owed):
          StandardError.line(
            "rover: sync: the selection grows: \(owed) finished sol\(owed == 1 ? " is" : "s are") listed again")
        }
      }
    } catch SyncPlanError.noRover {
      throw ValidationError("give a rover: \(outputDirectory) has no sync to continue")
    } catch SyncPlanError.selectionLost(let damaged, let aside) {
      let place = aside.map { "set aside as \($0)" } ?? "a run without --dry-run sets it aside"
      throw ValidationError(
        "\(damaged) was damaged and the selection it remembered cannot be read (\(place)); give it again: "
          + "--sol or --earth-date, --camera, --name")
    }
  }

  /// Lists the plan's sols and downloads what is missing (with --dry-run, only lists it), then reports.
  func mirror(_ plan: SyncPlan, in folder: SyncFolder, shard: Shard?, settings: ConnectionSettings) async throws {
    let selection = plan.selection
    let range = try Self.range(selection)
    let template = try NameTemplate(selection.name)
    try frames.checkService(settings, rover: selection.rover, template: template)
    let client = try client(
      frames.options(rawFeed.options(keepingRecords: metadata), template: template), settings: settings)
    var sync = MissionSync(
      service: client.service, lookback: lookback, shard: shard,
      events: ClientEventPrinter.handler(verbose: settings.verbose))
    sync.allVersions = allVersions || frames.versions == .all
    sync.filter = try frames.filter()
    if dryRun { return try await listMissing(sync, range: range, folder: folder, template: template) }
    try selection.remember(in: folder.record)
    try await download(sync, range: range, selection: selection, folder: folder, template: template, client: client)
  }

  /// `--dry-run`: the photos a sync would fetch, as paths, URLs or JSON Lines, and how many sols it would list.
  private func listMissing(_ sync: MissionSync, range: PhotoRange, folder: SyncFolder, template: NameTemplate)
    async throws
  {
    let output = folder.output
    let report = DryRunReport(
      json: format == .jsonl || (format == nil && json), template: template, outputDirectory: output)
    let urls = format == .urls
    let summary = try await sync.forEachMissing(
      range, record: folder.record, template: template, outputDirectory: output
    ) { photos in
      if urls {
        Printer(format: .urls, color: false).write(photos.map { $0.imageSource + "\n" }.joined())
      } else {
        report.print(photos)
      }
    }
    StandardError.line(
      "rover: would list \(summary.solsListed) sol\(summary.solsListed == 1 ? "" : "s") "
        + "(\(summary.solsUpToDate) up to date)")
    FrameFilterOptions.sayOlderVersions(summary.olderVersions)
  }

  /// The sync itself, its progress drawn and its summary said (one JSON object with --json).
  private func download(
    _ sync: MissionSync, range: PhotoRange, selection: SyncSelection, folder: SyncFolder, template: NameTemplate,
    client: PhotoClient
  ) async throws {
    let output = folder.output
    let presenter = DownloadPresenter(format: nil, outputDirectory: output)
    var options = DownloadOptions(
      outputDirectory: output, template: template, jobs: jobs, archive: archive.map { URL(fileURLWithPath: $0) },
      writeMetadata: metadata, keepsRecord: true)
    options.reportsBytes = presenter.wantsBytes
    options.placement = try place.placement(client, template: name)
    let summary = try await sync.run(
      range, record: folder.record, downloader: client.downloader(options, events: presenter.handle))
    presenter.finish(summary.download)
    PositionOptions.reportUnplaced(options.placement)
    try? folder.record.flush()
    try DownloadPresenter.stopIfUntrusted(summary.download)
    // With --json the summary is the JSON object alone: a cron job's stderr stays empty unless something failed.
    if !json { StandardError.line(SyncReport.line(summary)) }
    FrameFilterOptions.sayOlderVersions(summary.olderVersions)
    if json { Printer(format: .json, color: false).write(try SyncReport.json(summary, selection: selection)) }
    try DownloadPresenter.end(summary.download)
  }
}
