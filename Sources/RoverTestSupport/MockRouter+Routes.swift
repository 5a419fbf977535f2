import Foundation

/// The `/api/v1` routes of the original (api-reference 1.1-1.5, also what the NASA gateway fronts) and of Mars
/// Vista's compatible layer (api-reference 3), side by side because their differences are what clients get wrong.
extension MockRouter {
  static let invalidRoverBody = #"{"errors":"Invalid Rover Name"}"#

  func routeResponse(for request: TestRequest, segments: [String]) -> TestResponse {
    let vista = shape == .marsVista
    let notFound: TestResponse = vista ? .empty(status: 404) : .json(MockFault.notFoundBody, status: 404)
    guard request.method == "GET" || request.method == "HEAD" else { return vista ? .empty(status: 405) : notFound }
    // Rails' optional `(.:format)` segment: the original also answers `/rovers/curiosity/photos.json`.
    let route = MockRoute(segments: segments, allowsJSONSuffix: !vista)
    guard let name = route.rover else {
      switch route {
      case .rovers: return .json(.object([("rovers", .array(dataset.rovers.map(roverJSON)))]))
      case .photo(let idText):
        guard let id = Int(idText), let photo = dataset.photo(id: id) else {
          return vista ? .json(.object([("error", .string("Photo \(idText) not found"))]), status: 404) : notFound
        }
        return .json(.object([("photo", photoJSON(photo))]))
      default: return notFound
      }
    }
    guard let rover = dataset.rover(named: name) else {
      return vista
        ? .json(.object([("error", .string("Rover '\(name)' not found"))]), status: 404)
        : .json(Self.invalidRoverBody, status: 400)
    }
    let camera = request.query("camera")
    let latest = { [dataset] in
      dataset.maxSol(rover: rover.name).map { dataset.photos(rover: rover.name, sol: $0, camera: camera) }
    }
    switch route {
    case .rover: return .json(.object([("rover", roverJSON(rover))]))
    case .manifest: return .json(manifestJSON(rover))
    case .photos: return vista ? marsVistaPhotos(of: rover, for: request) : originalPhotos(of: rover, for: request)
    // The same search with sol forced to the maximum; earth_date is ignored because sol wins.
    case .latestPhotos where !vista:
      let page = MockPaging.original(latest() ?? [], page: request.query("page"), perPage: request.query("per_page"))
      return .json(.object([("latest_photos", .array(page.map(photoJSON)))]))
    case .latest where vista, .latestPhotos: return pagedPhotos(latest() ?? [], for: request)
    default: return notFound
    }
  }

  /// sol wins over earth_date; neither gives `[]`; a non-numeric sol matches nothing; a bad date is Rails' 500.
  private func originalPhotos(of rover: MockRover, for request: TestRequest) -> TestResponse {
    let camera = request.query("camera")
    var photos: [MockPhoto] = []
    if let solText = request.query("sol") {
      photos = Int(solText).map { dataset.photos(rover: rover.name, sol: $0, camera: camera) } ?? []
    } else if let dateText = request.query("earth_date") {
      guard let date = MockDay(dateText, lenient: true) else { return .json(MockFault.serverErrorBody, status: 500) }
      photos = dataset.photos(rover: rover.name, earthDate: date.description, camera: camera)
    }
    let page = MockPaging.original(photos, page: request.query("page"), perPage: request.query("per_page"))
    return .json(.object([("photos", .array(page.map(photoJSON)))]))
  }

  /// sol, else a strict earth_date (400 otherwise), else every photo; always paged.
  private func marsVistaPhotos(of rover: MockRover, for request: TestRequest) -> TestResponse {
    let camera = request.query("camera")
    var photos = dataset.allPhotos(rover: rover.name, camera: camera)
    if let solText = request.query("sol") {
      photos = Int(solText).map { dataset.photos(rover: rover.name, sol: $0, camera: camera) } ?? []
    } else if let dateText = request.query("earth_date") {
      guard let date = MockDay(dateText) else {
        return .json(#"{"error":"Invalid earth_date format. Use YYYY-MM-DD."}"#, status: 400)
      }
      photos = dataset.photos(rover: rover.name, earthDate: date.description, camera: camera)
    }
    return pagedPhotos(photos, for: request)
  }

  /// Mars Vista's `{"photos":[…],"pagination":{…}}`, the root key even for the latest routes.
  private func pagedPhotos(_ photos: [MockPhoto], for request: TestRequest) -> TestResponse {
    let page = MockPaging.marsVista(photos, page: request.query("page"), perPage: request.query("per_page"))
    let pagination = MockJSON.object([
      ("total_count", .int(photos.count)), ("page", .int(page.page)), ("per_page", .int(page.perPage)),
      ("total_pages", .int(page.totalPages)),
    ])
    return .json(.object([("photos", .array(page.photos.map(photoJSON))), ("pagination", pagination)]))
  }
}
