extension Downloader {
  /// A downloader whose images go through `settings` (engine, CA file, timeout, retries, rate), for photos that
  /// come from elsewhere than a client's listing; ``PhotoClient/downloader(_:events:)`` makes one with the
  /// client's own settings.
  /// - Parameters:
  ///   - settings: how the images are fetched; the same value a ``PhotoClient`` takes.
  ///   - options: where the files go and how they are named.
  ///   - events: progress as it happens (photos planned, bytes, each photo's result, warnings such as a damaged
  ///     record set aside), called from the downloader's threads; keep it quick.
  /// - Throws: ``SettingsError`` for settings that cannot work, as ``PhotoClient/init(settings:filter:events:)``.
  public convenience init(
    settings: ConnectionSettings, options: DownloadOptions,
    events: @escaping @Sendable (DownloadEvent) -> Void = { _ in }
  ) throws {
    try settings.validate()
    self.init(validated: settings, options: options, events: events)
  }

  /// This downloader with other options (a sync's choice of versions) and `events` in front of its own: the same
  /// settings, so the same engine, CAs and rate.
  package func adapted(
    _ change: (inout DownloadOptions) -> Void, events more: @escaping @Sendable (DownloadEvent) -> Void
  ) -> Downloader {
    var options = self.options
    change(&options)
    let events = self.events
    return Downloader(validated: settings, options: options) { event in
      more(event)
      events(event)
    }
  }
}
