extension Photo {
  /// About how many bytes this photo holds in memory: its fixed fields, every text a service sent, the numbers of
  /// its metadata and its verbatim record. A listing adds these up to bound a sol in bytes, not only in photos.
  var estimatedBytes: Int {
    var total = 512
    if case .text(let text) = id { total += text.utf8.count }
    total += camera.name.utf8.count + (camera.fullName?.utf8.count ?? 0) + imageSource.utf8.count
    total += metadata.estimatedBytes
    total += source?.estimatedBytes() ?? 0
    return total
  }
}

extension FrameMetadata {
  /// About how many bytes the texts and number lists hold, beyond the fixed fields.
  var estimatedBytes: Int {
    let texts = [takenUTC, receivedUTC, lmst, ltst, filter, title, caption, credit, dateTaken, sampleType]
    var total = texts.reduce(0) { $0 + ($1?.utf8.count ?? 0) }
    total += (imageFiles ?? [:]).reduce(0) { $0 + 32 + $1.key.utf8.count + $1.value.utf8.count }
    total += 8 * ((xyz?.count ?? 0) + (attitude?.count ?? 0) + (cameraPosition?.count ?? 0))
    total += 8 * (cameraVector?.count ?? 0)
    if let cameraModel {
      total += cameraModel.type.utf8.count + 8 * cameraModel.parameters.count
      total += cameraModel.vectors.reduce(0) { $0 + 32 + 8 * $1.value.count }
    }
    return total
  }
}
