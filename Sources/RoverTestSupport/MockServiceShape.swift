/// Which real service a `MockRoverAPI` imitates; each differs in keys, paging, errors and auth (api-reference 1-3).
public enum MockServiceShape: String, Sendable, CaseIterable {
  /// corincerami's Rails app as nebulum runs it: no key, unpaged unless asked, `{"errors":…}` with 400.
  case original
  /// Mars Vista's v1 layer: `X-API-Key` header, always paged with a `pagination` object, `{"error":…}` with 404.
  case marsVista
  /// The original behind api.nasa.gov: an `api_key` query parameter, `X-RateLimit-*` headers, 403 and 429 bodies.
  case nasaGateway
}
