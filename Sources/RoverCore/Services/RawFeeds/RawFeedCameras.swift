import Foundation

/// The instruments each feed reports (api-reference.md 1.7, 4.2, 7.3 and 7.4), for `rovers` before any photo is
/// fetched. InSight's are upper-cased as the client reports them.
enum RawFeedCameras {
  static func known(_ rover: String) -> [String] {
    switch Mission(name: rover) {
    case .perseverance:
      return [
        "FRONT_HAZCAM_LEFT_A", "FRONT_HAZCAM_LEFT_B", "FRONT_HAZCAM_RIGHT_A", "FRONT_HAZCAM_RIGHT_B",
        "REAR_HAZCAM_LEFT", "REAR_HAZCAM_RIGHT", "NAVCAM_LEFT", "NAVCAM_RIGHT", "MCZ_LEFT", "MCZ_RIGHT", "EDL_DDCAM",
        "EDL_PUCAM1", "EDL_PUCAM2", "EDL_RUCAM", "EDL_RDCAM", "LCAM", "SUPERCAM_RMI", "SHERLOC_WATSON",
        "SHERLOC_ACI", "PIXL_MCC", "CACHECAM", "SKYCAM",
      ]
    case .curiosity:
      return [
        "FHAZ_LEFT_A", "FHAZ_LEFT_B", "FHAZ_RIGHT_A", "FHAZ_RIGHT_B", "RHAZ_LEFT_A", "RHAZ_LEFT_B", "RHAZ_RIGHT_A",
        "RHAZ_RIGHT_B", "NAV_LEFT_A", "NAV_LEFT_B", "NAV_RIGHT_A", "NAV_RIGHT_B", "MAST_LEFT", "MAST_RIGHT",
        "CHEMCAM_RMI", "MAHLI", "MARDI",
      ]
    case .ingenuity:
      return ["HELI_NAV", "HELI_RTE"]
    case .insight:
      return ["IDC", "ICC"]
    case .spirit, .opportunity, nil:
      return []
    }
  }

  /// "Mars Perseverance Sol 100: Left Navigation Camera (Navcam)" → "Left Navigation Camera (Navcam)".
  static func fullName(fromTitle title: String?) -> String? {
    guard let title, let colon = title.range(of: ": ") else { return nil }
    let name = title[colon.upperBound...].trimmingSpaces()
    return name.isEmpty ? nil : name
  }
}
