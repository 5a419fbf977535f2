/// Settings in, the service they name out: the one place that knows which client serves which preset, and
/// which live services `auto` tries for each rover.
package enum ServiceFactory {
  package static func make(
    _ settings: ConnectionSettings, rawFeedOptions: RawFeedOptions = RawFeedOptions(), events: ClientEventHandler?
  ) -> any PhotoService {
    switch settings.serviceChoice.value {
    case .preset(let preset):
      return client(preset, settings: settings, rawFeedOptions: rawFeedOptions, events: events)
    case .auto:
      var clients: [ServicePreset: any PhotoService] = [:]
      for preset in ServicePreset.allCases {
        clients[preset] = client(preset, settings: settings, rawFeedOptions: rawFeedOptions, events: events)
      }
      let withKeys = Set(ServicePreset.allCases.filter { settings.presetKeys[$0] != nil })
      return FallbackService(
        clients: clients, keyed: withKeys, events: events, needsFrameMetadata: rawFeedOptions.needsFrameMetadata)
    }
  }

  package static func client(
    _ preset: ServicePreset, settings: ConnectionSettings, rawFeedOptions: RawFeedOptions = RawFeedOptions(),
    events: ClientEventHandler?
  ) -> any PhotoService {
    let configuration = settings.configuration(for: preset)
    switch preset {
    case .nasaRaw:
      return RawFeedClient(
        configuration: configuration, options: rawFeedOptions, cache: settings.responseCache,
        cacheMode: settings.activeCacheMode, events: events)
    case .pds:
      return PDSClient(
        configuration: configuration, cache: settings.responseCache, cacheMode: settings.activeCacheMode,
        options: rawFeedOptions, events: events)
    case .nebulum, .marsvista, .nasa:
      return RoverClient(
        configuration: configuration, cache: settings.responseCache, cacheMode: settings.activeCacheMode,
        options: rawFeedOptions, events: events)
    }
  }
}
