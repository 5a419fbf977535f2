import Foundation

/// The error bodies of every service in one lenient shape: `{"errors":"…"}` (original), `{"error":"…",
/// "message":…}` (Mars Vista), `{"error":{"code","message"}}` (api.data.gov gateway).
struct ServiceErrorBody: Decodable {
  var errors: String?
  var error: String?
  var code: String?
  var message: String?
  var retryAfter: Int?

  enum CodingKeys: String, CodingKey {
    case errors, error, message, retryAfter
  }

  struct Envelope: Decodable {
    var code: String?
    var message: String?
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    errors = container.lenientString(forKey: .errors)
    if let envelope = try? container.decodeIfPresent(Envelope.self, forKey: .error) {
      code = envelope.code
      message = envelope.message
    } else {
      error = container.lenientString(forKey: .error)
      message = container.lenientString(forKey: .message)
    }
    retryAfter = container.lenientInt(forKey: .retryAfter)
  }

  static func parse(_ data: Data) -> ServiceErrorBody? {
    guard !data.isEmpty, data.count < 64 * 1024 else { return nil }
    return try? JSONDecoder().decode(ServiceErrorBody.self, from: data)
  }

  var isOverRateLimit: Bool { code == "OVER_RATE_LIMIT" }

  /// The most specific human text the body has, one line.
  var text: String {
    let parts = [message, errors, error].compactMap { $0 }.filter { !$0.isEmpty }
    return (parts.first ?? code ?? "").replacingOccurrences(of: "\n", with: " ")
  }
}
