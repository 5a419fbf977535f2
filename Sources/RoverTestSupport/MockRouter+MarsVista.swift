import Foundation

/// Mars Vista's v1 "NASA-compatible" layer (api-reference 3): header key, hourly limit headers, always paged.
extension MockRouter {
  func marsVistaResponse(for request: TestRequest, segments: [String]) -> TestResponse {
    if let apiKey {
      let sent = request.header("X-API-Key") ?? ""
      guard !sent.isEmpty else {
        return .json(
          #"{"error":"Unauthorized","message":"API key required. Provide via X-API-Key header."}"#, status: 401)
      }
      guard sent == apiKey else {
        return .json(#"{"error":"Unauthorized","message":"Invalid API key"}"#, status: 401)
      }
    }
    let used = rateLimitUsed.withLock { used -> Int in
      used += 1
      return used
    }
    let resetAt = (Int(Date().timeIntervalSince1970) / 3600 + 1) * 3600
    let headers: TestHTTPHeaders = [
      "X-RateLimit-Limit-Hour": String(rateLimit),
      "X-RateLimit-Remaining-Hour": String(max(0, rateLimit - used)),
      "X-RateLimit-Reset-Hour": String(resetAt),
    ]
    guard used <= rateLimit else {
      let body =
        #"{"error":"Too Many Requests","message":"Rate limit exceeded. Upgrade to Pro for higher limits.","#
        + #""hourlyLimit":\#(rateLimit),"hourlyRemaining":0,"hourlyResetAt":\#(resetAt)}"#
      return .json(body, status: 429, headers: headers)
    }
    var response = marsVistaRoute(for: request, segments: segments)
    response.headers.merge(headers) { _, new in new }
    return response
  }

  private func marsVistaRoute(for request: TestRequest, segments: [String]) -> TestResponse {
    guard request.method == "GET" || request.method == "HEAD" else { return .empty(status: 405) }
    let route = MockRoute(segments: segments, allowsJSONSuffix: false)
    switch route {
    case .rovers:
      return .json(.object([("rovers", .array(dataset.rovers.map(roverJSON)))]))
    case .rover(let name):
      guard let rover = dataset.rover(named: name) else { return roverNotFound(name) }
      return .json(.object([("rover", roverJSON(rover))]))
    case .photos(let name):
      guard let rover = dataset.rover(named: name) else { return roverNotFound(name) }
      let camera = request.query("camera")
      let photos: [MockPhoto]
      if let solText = request.query("sol") {
        photos = Int(solText).map { dataset.photos(rover: rover.name, sol: $0, camera: camera) } ?? []
      } else if let dateText = request.query("earth_date") {
        guard let date = CivilDate(strict: dateText) else {
          return .json(#"{"error":"Invalid earth_date format. Use YYYY-MM-DD."}"#, status: 400)
        }
        photos = dataset.photos(rover: rover.name, earthDate: date.description, camera: camera)
      } else {
        photos = dataset.allPhotos(rover: rover.name, camera: camera)
      }
      return pagedPhotos(photos, for: request)
    case .latest(let name), .latestPhotos(let name):
      guard let rover = dataset.rover(named: name) else { return roverNotFound(name) }
      let camera = request.query("camera")
      let photos = dataset.maxSol(rover: rover.name).map { dataset.photos(rover: rover.name, sol: $0, camera: camera) }
      return pagedPhotos(photos ?? [], for: request)
    case .manifest(let name):
      guard let rover = dataset.rover(named: name) else { return roverNotFound(name) }
      return .json(manifestJSON(rover))
    case .photo(let idText):
      guard let id = Int(idText), let photo = dataset.photo(id: id) else {
        return .json(.object([("error", .string("Photo \(idText) not found"))]), status: 404)
      }
      return .json(.object([("photo", photoJSON(photo))]))
    case .unknown:
      return .empty(status: 404)
    }
  }

  /// `{"photos":[…],"pagination":{…}}`, the root key even for the latest routes.
  private func pagedPhotos(_ photos: [MockPhoto], for request: TestRequest) -> TestResponse {
    let page = MockPaging.marsVista(photos, page: request.query("page"), perPage: request.query("per_page"))
    let pagination = MockJSON.object([
      ("total_count", .int(photos.count)),
      ("page", .int(page.page)),
      ("per_page", .int(page.perPage)),
      ("total_pages", .int(page.totalPages)),
    ])
    return .json(.object([("photos", .array(page.photos.map(photoJSON))), ("pagination", pagination)]))
  }

  private func roverNotFound(_ name: String) -> TestResponse {
    .json(.object([("error", .string("Rover '\(name)' not found"))]), status: 404)
  }
}
