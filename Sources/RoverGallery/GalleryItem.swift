import RoverCore

/// One image found under a gallery's folder: a small record, so ten thousand of them stay cheap.
package struct GalleryItem: Sendable, Equatable {
  /// Path below the folder, `/`-separated, as the file system spells it.
  package var path: String
  /// What the image's `NAME.json` sidecar says, when it has a readable one.
  package var metadata: GalleryMetadata?
  /// Size and modification time (nanoseconds since 1970): a changed image gets a new thumbnail.
  package var bytes: Int64
  package var modified: Int64
  /// The thumbnail's file name in `.thumbnails/`, once one exists.
  package var thumbnail: String?

  package init(
    path: String, metadata: GalleryMetadata? = nil, bytes: Int64 = 0, modified: Int64 = 0, thumbnail: String? = nil
  ) {
    self.path = path
    self.metadata = metadata
    self.bytes = bytes
    self.modified = modified
    self.thumbnail = thumbnail
  }
}

/// The parts of a photo's sidecar the gallery shows. Text is kept as written; the page escapes it.
package struct GalleryMetadata: Sendable, Equatable {
  package var rover: String
  package var sol: Int
  package var earthDate: String
  package var camera: String
  package var cameraFullName: String?
  package var id: String
  package var source: String
  /// Local mean solar time of the exposure, `HH:MM:SS.fff`, where the feed gave it.
  package var lmst: String?
  /// The rover's site and drive, where known.
  package var site: Int?
  package var drive: Int?
  /// The commanding sequence id from the file name.
  package var sequence: String?
  /// Where the photo was taken (east longitude and latitude, degrees), when its sidecar carries a position.
  package var longitude: Double?
  package var latitude: Double?

  package init(
    rover: String, sol: Int, earthDate: String, camera: String, cameraFullName: String? = nil, id: String,
    source: String
  ) {
    self.rover = rover
    self.sol = sol
    self.earthDate = earthDate
    self.camera = camera
    self.cameraFullName = cameraFullName
    self.id = id
    self.source = source
  }

  /// The sidecar's fields, taken from the same `Photo` JSON that `fetch-image --metadata` writes.
  package init(_ photo: Photo) {
    self.init(
      rover: photo.rover.name, sol: photo.sol, earthDate: photo.earthDate.description, camera: photo.camera.name,
      cameraFullName: photo.camera.fullName, id: photo.id.description, source: photo.imageSource)
    lmst = photo.metadata.lmst
    site = photo.metadata.site ?? photo.frame?.site
    drive = photo.metadata.drive ?? photo.frame?.drive
    sequence = photo.frame?.sequence
    longitude = photo.position?.longitude
    latitude = photo.position?.latitude
  }
}
