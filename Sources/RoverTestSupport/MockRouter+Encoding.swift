/// The JSON objects of api-reference 1.4 and 3, per shape. Key order follows the reference's examples.
extension MockRouter {
  private var isMarsVista: Bool { shape == .marsVista }

  /// `/rovers` items and `/rovers/{r}`: with max_sol, max_date, total_photos and the camera list.
  func roverJSON(_ rover: MockRover) -> MockJSON {
    let cameras = rover.cameras.map { camera -> MockJSON in
      var members: [(String, MockJSON)] = []
      if isMarsVista {
        members.append(("id", .int(camera.id)))
      }
      members += [("name", .string(camera.name)), ("full_name", .string(camera.fullName))]
      return .object(members)
    }
    return .object(
      [
        ("id", .int(rover.id)),
        ("name", .string(rover.name)),
        ("landing_date", .string(rover.landingDate)),
        ("launch_date", .optional(rover.launchDate)),
        ("status", .string(rover.status)),
      ] + summaryMembers(for: rover) + [("cameras", .array(cameras))])
  }

  /// The photo object: the original's camera is the raw row (with `rover_id`), Mars Vista's has no `rover_id`.
  func photoJSON(_ photo: MockPhoto) -> MockJSON {
    guard let rover = dataset.rover(named: photo.rover) else { return .null }
    let camera = rover.camera(named: photo.camera)
    var cameraMembers: [(String, MockJSON)] = [
      ("id", .optional(camera?.id)), ("name", .string(camera?.name ?? photo.camera)),
    ]
    if !isMarsVista {
      cameraMembers.append(("rover_id", .int(rover.id)))
    }
    cameraMembers.append(("full_name", .string(camera?.fullName ?? photo.camera)))
    return .object([
      ("id", .int(photo.id)),
      ("sol", .int(photo.sol)),
      ("camera", .object(cameraMembers)),
      ("img_src", .string(imgSrc(for: photo))),
      ("earth_date", .optional(dataset.earthDate(rover: rover.name, sol: photo.sol))),
      (
        "rover",
        .object([
          ("id", .int(rover.id)),
          ("name", .string(rover.name)),
          ("landing_date", .string(rover.landingDate)),
          ("launch_date", .optional(rover.launchDate)),
          ("status", .string(rover.status)),
        ])
      ),
    ])
  }

  /// `{"photo_manifest":{…}}`: no id; one entry per sol with photos, ascending, cameras alphabetical.
  func manifestJSON(_ rover: MockRover) -> MockJSON {
    let sols = dataset.solsWithPhotos(rover: rover.name).map { sol -> MockJSON in
      .object([
        ("sol", .int(sol)),
        ("earth_date", .optional(dataset.earthDate(rover: rover.name, sol: sol))),
        ("total_photos", .int(dataset.photos(rover: rover.name, sol: sol).count)),
        ("cameras", .array(dataset.cameraNames(rover: rover.name, sol: sol).map(MockJSON.string))),
      ])
    }
    let manifest = MockJSON.object(
      [
        ("name", .string(rover.name)),
        ("landing_date", .string(rover.landingDate)),
        ("launch_date", .optional(rover.launchDate)),
        ("status", .string(rover.status)),
      ] + summaryMembers(for: rover) + [("photos", .array(sols))])
    return .object([("photo_manifest", manifest)])
  }

  /// max_sol, max_date, total_photos: null when there are no photos in the original, 0 and "" in Mars Vista.
  private func summaryMembers(for rover: MockRover) -> [(String, MockJSON)] {
    let maxSol = dataset.maxSol(rover: rover.name)
    let maxDate = dataset.maxDate(rover: rover.name)
    return [
      ("max_sol", isMarsVista ? .int(maxSol ?? 0) : .optional(maxSol)),
      ("max_date", isMarsVista ? .string(maxDate ?? "") : .optional(maxDate)),
      ("total_photos", .int(dataset.totalPhotos(rover: rover.name))),
    ]
  }
}

extension TestResponse {
  static func json(_ value: MockJSON, status: Int = 200, headers: TestHTTPHeaders = [:]) -> TestResponse {
    .json(value.serialized, status: status, headers: headers)
  }
}
