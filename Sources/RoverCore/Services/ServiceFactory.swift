/// Settings in, the service they name out: the one place that knows which client serves which preset.
public enum ServiceFactory {
  public static func make(
    _ settings: ConnectionSettings, rawFeedOptions: RawFeedOptions = RawFeedOptions(), events: ClientEventHandler?
  ) -> any PhotoService {
    let configuration = settings.serviceConfiguration
    if settings.service.value == .nasaRaw {
      return RawFeedClient(
        configuration: configuration, options: rawFeedOptions, cache: settings.responseCache,
        cacheMode: settings.cacheMode, events: events)
    }
    if settings.service.value == .pds {
      return PDSClient(
        configuration: configuration, cache: settings.responseCache, cacheMode: settings.cacheMode, events: events)
    }
    return RoverClient(
      configuration: configuration, cache: settings.responseCache, cacheMode: settings.cacheMode, events: events)
  }
}
