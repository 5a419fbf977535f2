/// corincerami's Rails app (api-reference 1.1-1.5), also what the NASA gateway fronts.
extension MockRouter {
  static let invalidRoverBody = #"{"errors":"Invalid Rover Name"}"#

  func originalResponse(for request: TestRequest, segments: [String]) -> TestResponse {
    guard request.method == "GET" || request.method == "HEAD" else { return .json(MockFault.notFoundBody, status: 404) }
    switch MockRoute(segments: segments, allowsJSONSuffix: true) {
    case .rovers:
      return .json(.object([("rovers", .array(dataset.rovers.map(roverJSON)))]))
    case .rover(let name):
      guard let rover = dataset.rover(named: name) else { return .json(Self.invalidRoverBody, status: 400) }
      return .json(.object([("rover", roverJSON(rover))]))
    case .photos(let name):
      guard let rover = dataset.rover(named: name) else { return .json(Self.invalidRoverBody, status: 400) }
      return originalPhotos(of: rover, for: request)
    case .latestPhotos(let name):
      guard let rover = dataset.rover(named: name) else { return .json(Self.invalidRoverBody, status: 400) }
      // The same search with sol forced to the maximum; earth_date is ignored because sol wins.
      let camera = request.query("camera")
      let photos = dataset.maxSol(rover: rover.name).map { dataset.photos(rover: rover.name, sol: $0, camera: camera) }
      let page = MockPaging.original(photos ?? [], page: request.query("page"), perPage: request.query("per_page"))
      return .json(.object([("latest_photos", .array(page.map(photoJSON)))]))
    case .manifest(let name):
      guard let rover = dataset.rover(named: name) else { return .json(Self.invalidRoverBody, status: 400) }
      return .json(manifestJSON(rover))
    case .photo(let idText):
      guard let id = Int(idText), let photo = dataset.photo(id: id) else {
        return .json(MockFault.notFoundBody, status: 404)
      }
      return .json(.object([("photo", photoJSON(photo))]))
    case .latest, .unknown:
      return .json(MockFault.notFoundBody, status: 404)
    }
  }

  /// sol wins over earth_date; neither gives `[]`; a non-numeric sol matches nothing; a bad date is Rails' 500.
  private func originalPhotos(of rover: MockRover, for request: TestRequest) -> TestResponse {
    let camera = request.query("camera")
    let photos: [MockPhoto]
    if let solText = request.query("sol") {
      photos = Int(solText).map { dataset.photos(rover: rover.name, sol: $0, camera: camera) } ?? []
    } else if let dateText = request.query("earth_date") {
      guard let date = CivilDate(lenient: dateText) else { return .json(MockFault.serverErrorBody, status: 500) }
      photos = dataset.photos(rover: rover.name, earthDate: date.description, camera: camera)
    } else {
      photos = []
    }
    let page = MockPaging.original(photos, page: request.query("page"), perPage: request.query("per_page"))
    return .json(.object([("photos", .array(page.map(photoJSON)))]))
  }
}
