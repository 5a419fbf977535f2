import Foundation

/// Reads the Atlas search's answers: Solr's error body on 400, retries for 5xx and 429, and a clear "host refused"
/// for the HTML 403 the PDS hosts are reported to give automated clients (api-reference 7.1, 7.2).
struct PDSClassifier: Sendable {
  let redactor: Redactor

  func verdict(_ response: HTTPResponse) -> HTTPVerdict {
    let url = redactor.redact(response.url)
    let host = response.url.host ?? "the PDS host"
    let retryAfter = RetryPolicy.parseRetryAfter(response.header("retry-after"))
    let isPage = response.contentType.lowercased().contains("html")
    switch response.status {
    case 200..<300 where isPage:
      return .fail(
        ServiceError.unexpectedStatus(
          status: response.status, url: url,
          message: "\(host) answered with a web page, not search results (is the base URL the Solr core?)"))
    case 200..<300:
      // Solr can report a failed query inside a 200: `responseHeader.status` other than 0.
      if let error = ErrorBody.parse(response.body), error.status != 0 {
        return .fail(
          ServiceError.unexpectedStatus(status: response.status, url: url, message: redactor.redact(error.message)))
      }
      return .accept
    case 304:
      return .accept
    case 401, 403:
      return .fail(
        ServiceError.unexpectedStatus(
          status: response.status, url: url,
          message: "\(host) refused the request; the PDS hosts are known to refuse automated clients"))
    case 404:
      return .fail(ServiceError.notFound(url: url))
    case 429:
      return .retry(
        ServiceError.rateLimited(retryAfter: retryAfter.map { Int($0.rounded(.up)) }, message: "\(host) (HTTP 429)"),
        retryAfter: retryAfter)
    case 500..<600:
      return .retry(ServiceError.serverError(status: response.status, url: url), retryAfter: retryAfter)
    default:
      let message = ErrorBody.parse(response.body)?.message ?? (isPage ? "\(host) answered with a web page" : "")
      return .fail(ServiceError.unexpectedStatus(status: response.status, url: url, message: redactor.redact(message)))
    }
  }

  /// Solr's failure shape: `{"responseHeader":{"status":400},"error":{"msg":"…","code":400}}`.
  struct ErrorBody: Decodable {
    var status: Int
    var message: String

    enum CodingKeys: String, CodingKey {
      case responseHeader, error
    }

    enum HeaderKeys: String, CodingKey {
      case status
    }

    enum ErrorKeys: String, CodingKey {
      case msg, code
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      let header = try? container.nestedContainer(keyedBy: HeaderKeys.self, forKey: .responseHeader)
      let error = try? container.nestedContainer(keyedBy: ErrorKeys.self, forKey: .error)
      message = error?.lenientString(forKey: .msg) ?? ""
      // An `error` object is a failure even when the header says nothing.
      status = header?.lenientInt(forKey: .status) ?? error?.lenientInt(forKey: .code) ?? (error == nil ? 0 : 500)
    }

    /// Error bodies are small: a page of products is not decoded twice to look for one.
    static func parse(_ body: Data) -> ErrorBody? {
      guard body.count <= 16_384, body.first == UInt8(ascii: "{") else { return nil }
      return try? JSONDecoder().decode(ErrorBody.self, from: body)
    }
  }
}
