import Foundation
import Testing

@testable import RoverCore

private let photosURL = "https://api.nasa.gov/mars-photos/api/v1/rovers/curiosity/photos?sol=1500&api_key=DEMO_KEY"
private let redactedPhotosURL =
  "https://api.nasa.gov/mars-photos/api/v1/rovers/curiosity/photos?sol=1500&api_key=REDACTED"

private func response(body: Data, contentType: String? = "application/json; charset=utf-8") throws -> HTTPResponse {
  let url = try #require(URL(string: photosURL))
  let headers = contentType.map { ["content-type": $0] } ?? [:]
  return HTTPResponse(url: url, status: 200, headers: headers, body: body)
}

private func fixtureResponse(_ name: String, contentType: String? = "application/json; charset=utf-8") throws
  -> HTTPResponse
{
  try response(body: FixtureLoader.data(name), contentType: contentType)
}

/// Decodes through `JSONBody` and returns the error it throws, or `nil` if it decoded.
private func failure<T: Decodable>(_ type: T.Type, _ response: HTTPResponse) -> ServiceError? {
  do {
    _ = try JSONBody.decode(type, from: response, redactor: Redactor(secrets: ["DEMO_KEY"]))
    return nil
  } catch {
    return error as? ServiceError
  }
}

@Suite struct JSONBodyTests {
  @Test func truncatedJSONIsMalformed() throws {
    let error = failure(PhotosPage.self, try fixtureResponse("malformed-truncated"))
    #expect(error == .malformedJSON(url: redactedPhotosURL, detail: "invalid JSON"))
  }

  @Test func truncatedJSONIsMalformedWhateverTheContentType() throws {
    // The body starts with `{`, so it is reported as broken JSON, not as some other format.
    let error = failure(PhotosPage.self, try fixtureResponse("malformed-truncated", contentType: "text/html"))
    #expect(error == .malformedJSON(url: redactedPhotosURL, detail: "invalid JSON"))
  }

  @Test func wrongShapeNamesTheMissingRootKey() throws {
    let body = try fixtureResponse("unexpected-shape")
    func expected(_ detail: String) -> ServiceError { .malformedJSON(url: redactedPhotosURL, detail: detail) }
    // PhotosPage falls back from `photos` to `latest_photos`, so that is the key it reports.
    #expect(failure(PhotosPage.self, body) == expected("missing 'latest_photos' in the document"))
    #expect(failure(PhotoEnvelope.self, body) == expected("missing 'photo' in the document"))
    #expect(failure(RoversEnvelope.self, body) == expected("missing 'rovers' in the document"))
    #expect(failure(RoverEnvelope.self, body) == expected("missing 'rover' in the document"))
    #expect(failure(ManifestEnvelope.self, body) == expected("missing 'photo_manifest' in the document"))
  }

  @Test func wrongTypeNamesThePath() throws {
    let body = try response(body: Data(#"{"photos": {"id": 1}}"#.utf8))
    #expect(
      failure(PhotosPage.self, body)
        == .malformedJSON(url: redactedPhotosURL, detail: "unexpected type at photos"))
  }

  @Test func missingNestedKeyNamesTheElement() throws {
    let json = #"{"photos": [{"id": 1, "sol": 2, "img_src": "x", "earth_date": "2016-10-25", "rover": {"name": "A"}}]}"#
    let body = try response(body: Data(json.utf8))
    #expect(
      failure(PhotosPage.self, body)
        == .malformedJSON(url: redactedPhotosURL, detail: "missing 'camera' in photos[0]"))
  }

  @Test func emptyBodyIsMalformed() throws {
    #expect(
      failure(PhotosPage.self, try response(body: Data()))
        == .malformedJSON(url: redactedPhotosURL, detail: "empty body"))
  }

  @Test func htmlPageIsReportedAsNotJSON() throws {
    let body = try response(body: Data("<html><body>Application Error</body></html>".utf8), contentType: "text/html")
    #expect(
      failure(PhotosPage.self, body) == .malformedJSON(url: redactedPhotosURL, detail: "not JSON (text/html)"))
  }

  @Test func validFixtureDecodes() throws {
    let page = try JSONBody.decode(
      PhotosPage.self, from: try fixtureResponse("original-photos"), redactor: Redactor(secrets: []))
    #expect(page.photos.map(\.id) == [.number(593_842), .number(593_845), .number(593_871)])
    #expect(page.photos.map(\.camera.name) == ["FHAZ", "RHAZ", "MAHLI"])
  }

  @Test func malformedErrorMessageNamesTheRedactedURL() throws {
    let error = try #require(failure(PhotosPage.self, try fixtureResponse("malformed-truncated")))
    #expect(error.errorDescription == "unexpected response from \(redactedPhotosURL): invalid JSON")
    #expect(error.errorDescription?.contains("DEMO_KEY") == false)
    #expect(!ServiceError.isServiceDown(error))
  }
}
