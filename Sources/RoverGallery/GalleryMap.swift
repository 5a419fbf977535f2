import Foundation

/// The traverse drawn from the photos' own positions: an SVG path through the places in (site, drive) order and a
/// marker per place, no tiles and no network. Clicking a marker shows only that place's photos (`script`).
package struct GalleryMap: Sendable {
  /// A place: photos whose positions agree to 1e-6° (6 cm), and where it is drawn.
  struct Place: Sendable {
    var key: String
    var longitude: Double
    var latitude: Double
    var order: (site: Int, drive: Int)
    var count: Int
  }

  let places: [Place]
  private let keys: [String: String]

  /// The map of `layout`'s photos; empty when none has a position.
  package init(_ layout: GalleryLayout) {
    var byKey: [String: Place] = [:]
    var keys: [String: String] = [:]
    for rover in layout.rovers {
      for sol in rover.sols {
        for camera in sol.cameras {
          for item in camera.items {
            guard let metadata = item.metadata, let lon = metadata.longitude, let lat = metadata.latitude,
              lon.isFinite, lat.isFinite
            else { continue }
            let key = String(format: "%.6f,%.6f", lon, lat)
            keys[item.path] = key
            byKey[key, default: Place(key: key, longitude: lon, latitude: lat, order: (0, 0), count: 0)].count += 1
            byKey[key]?.order = (metadata.site ?? 0, metadata.drive ?? 0)
          }
        }
      }
    }
    places = byKey.values.sorted { ($0.order.site, $0.order.drive, $0.key) < ($1.order.site, $1.order.drive, $1.key) }
    self.keys = keys
  }

  package var isEmpty: Bool { places.isEmpty }

  /// The place key of the item at `path`, for its tile's `data-place`.
  package func place(of path: String) -> String? { keys[path] }

  static let width = 1000.0

  /// The SVG, the longitude scaled by the cosine of the mean latitude so the path keeps its shape.
  package var svg: String {
    guard !places.isEmpty else { return "" }
    let lons = places.map(\.longitude)
    let lats = places.map(\.latitude)
    let (minLon, maxLat) = (lons.min() ?? 0, lats.max() ?? 0)
    let scale = cos((lats.reduce(0, +) / Double(lats.count)) * .pi / 180)
    let spanX = max(((lons.max() ?? 0) - minLon) * scale, 1e-9)
    let spanY = max(maxLat - (lats.min() ?? 0), 1e-9)
    let unit = (Self.width - 40) / max(spanX, spanY)
    let height = max(200, spanY * unit + 40)
    func point(_ place: Place) -> (Double, Double) {
      (20 + (place.longitude - minLon) * scale * unit, 20 + (maxLat - place.latitude) * unit)
    }
    let path = places.map(point).map { String(format: "%.1f,%.1f", $0.0, $0.1) }.joined(separator: " ")
    var text =
      "<figure class=\"map\"><figcaption>Where the photos were taken <span class=\"count\">"
      + "\(places.count)</span> <button type=\"button\" id=\"map-all\" hidden>Show all</button></figcaption>\n"
      + "<svg viewBox=\"0 0 \(Int(Self.width)) \(Int(height))\" role=\"img\" aria-label=\"Traverse\">"
      + "<polyline class=\"traverse\" points=\"\(path)\"/>"
    for place in places {
      let (x, y) = point(place)
      text += String(
        format: "<circle class=\"marker\" cx=\"%.1f\" cy=\"%.1f\" r=\"9\" tabindex=\"0\" data-place=\"%@\">"
          + "<title>%@ · %d photo%@</title></circle>", x, y, place.key, place.key, place.count,
        place.count == 1 ? "" : "s")
    }
    return text + "</svg></figure>\n"
  }

  package static let style = """
    .map { margin: 0 0 1rem; }
    .map svg { width: 100%; max-height: 60vh; background: #1b1b1b; border-radius: 0.5rem; }
    .map .traverse { fill: none; stroke: #c96; stroke-width: 3; vector-effect: non-scaling-stroke; }
    .map .marker { fill: #fc6; stroke: #111; stroke-width: 2; cursor: pointer; }
    .map .marker.on { fill: #6cf; }
    #map-all { font: inherit; margin-left: 0.5rem; }

    """

  /// A marker's click shows only the tiles of its place; "Show all" (or the marker again) shows them all.
  package static let script = """
    (function () {
      var map = document.querySelector('.map');
      if (!map) { return; }
      var all = document.getElementById('map-all');
      function choose(place) {
        document.querySelectorAll('.tile').forEach(function (tile) {
          tile.hidden = place !== null && tile.getAttribute('data-place') !== place;
        });
        map.querySelectorAll('.marker').forEach(function (marker) {
          marker.classList.toggle('on', marker.getAttribute('data-place') === place);
        });
        all.hidden = place === null;
      }
      map.addEventListener('click', function (event) {
        var marker = event.target.closest('.marker');
        if (!marker) { return; }
        var place = marker.getAttribute('data-place');
        choose(marker.classList.contains('on') ? null : place);
      });
      all.addEventListener('click', function () { choose(null); });
    })();

    """
}
