/// One photo row.
public struct MockPhoto: Sendable, Equatable {
  /// Unique across rovers, like the services' database ids.
  public var id: Int
  public var sol: Int
  /// The rover's stored name (`Curiosity`).
  public var rover: String
  /// The camera's name (`FHAZ`); must be one of the rover's cameras.
  public var camera: String
  /// The `img_src` to serve. Nil means the mock's own image route, `<imageBaseURL>/<imagePath>`; set it to point a
  /// photo elsewhere (a dead NASA link, a redirect, another test server).
  public var imgSrc: String?

  public init(id: Int, sol: Int, rover: String, camera: String, imgSrc: String? = nil) {
    self.id = id
    self.sol = sol
    self.rover = rover
    self.camera = camera
    self.imgSrc = imgSrc
  }

  /// `/images/<rover>/<sol>/<id>.jpg`, the path the mock's image route serves for this photo.
  public var imagePath: String {
    "/images/\(rover.lowercased())/\(sol)/\(id).jpg"
  }
}
