import Foundation

@testable import RoverCore

extension Photo {
  /// A photo to download in a test: Curiosity's FHAZ on sol 1000 (2015-05-30) unless said otherwise.
  static func testing(
    _ id: Int, at url: URL, sol: Int = 1000, camera: String = "FHAZ", rover: String = "Curiosity"
  ) -> Photo {
    Photo(
      id: .number(id), sol: sol, camera: Camera(name: camera), imageSource: url.absoluteString,
      earthDate: CalendarDate(year: 2015, month: 5, day: 30)!, rover: Rover(name: rover, status: .active))
  }
}
