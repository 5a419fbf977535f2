import Foundation
import Testing

@testable import RoverCore

@Suite struct EndpointTests {
  let base = URL(string: "https://rovers.example/api/v1")!

  @Test func roversAndManifest() {
    #expect(APIEndpoint.rovers.url(baseURL: base).absoluteString == "https://rovers.example/api/v1/rovers")
    #expect(
      APIEndpoint.manifest("Curiosity").url(baseURL: base).absoluteString
        == "https://rovers.example/api/v1/manifests/curiosity")
  }

  @Test func trailingSlashInBaseURL() {
    let slashed = URL(string: "https://rovers.example/api/v1/")!
    #expect(
      APIEndpoint.rover("Spirit").url(baseURL: slashed).absoluteString == "https://rovers.example/api/v1/rovers/spirit")
  }

  @Test func photosBySolWithCameraAndPage() {
    let url = APIEndpoint.photos(rover: "CURIOSITY", selection: .sol(1000), camera: "fhaz", page: 2, perPage: 25)
      .url(baseURL: base)
    #expect(
      url.absoluteString
        == "https://rovers.example/api/v1/rovers/curiosity/photos?sol=1000&camera=fhaz&page=2&per_page=25")
  }

  @Test func earthDateAndLatest() {
    let date = CalendarDate(year: 2015, month: 6, day: 3)!
    #expect(
      APIEndpoint.photos(rover: "opportunity", selection: .earthDate(date), camera: nil, page: nil, perPage: nil)
        .url(baseURL: base).query == "earth_date=2015-06-03")
    #expect(
      APIEndpoint.photos(rover: "perseverance", selection: .latest, camera: nil, page: 1, perPage: 100)
        .url(baseURL: base).path == "/api/v1/rovers/perseverance/latest_photos")
  }

  @Test func percentEncodesUserText() {
    let url = APIEndpoint.photos(rover: "a b/c", selection: .sol(1), camera: "X&Y=Z", page: nil, perPage: nil)
      .url(baseURL: base)
    #expect(url.absoluteString == "https://rovers.example/api/v1/rovers/a%20b%2Fc/photos?sol=1&camera=X%26Y%3DZ")
  }

  @Test func photoByStringID() {
    #expect(APIEndpoint.photo(.number(102693)).url(baseURL: base).path == "/api/v1/photos/102693")
  }

  @Test func authQueryItemsAreAppended() {
    let url = APIEndpoint.rovers.url(baseURL: base, extraQueryItems: [URLQueryItem(name: "api_key", value: "k+1")])
    #expect(url.absoluteString == "https://rovers.example/api/v1/rovers?api_key=k%2B1")
  }
}
