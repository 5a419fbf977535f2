import Foundation

/// Where a URL's host is, by its literal address: a redirect is followed only to where the request could have gone
/// itself. Names are not resolved (`localhost` aside): the check is about a service steering rover, by a redirect,
/// to an address no public service has (a cloud's metadata at 169.254.169.254, a router, a local admin page).
enum AddressScope: Equatable {
  case publicInternet
  /// 127/8, ::1, `localhost`.
  case loopback
  /// 10/8, 172.16/12, 192.168/16, 100.64/10 (carrier NAT), fc00::/7, 0/8.
  case privateNetwork
  /// 169.254/16, fe80::/10: never a service's, always refused.
  case linkLocal

  init(host: String) {
    let host = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
    if host == "localhost" || host.hasSuffix(".localhost") {
      self = .loopback
    } else if let v4 = Self.ipv4(host) {
      self = Self.scope(v4)
    } else if host.contains(":") {
      self = Self.scope(ipv6: host)
    } else {
      self = .publicInternet
    }
  }

  /// The four bytes of a dotted IPv4 literal; nil for anything else.
  private static func ipv4(_ host: String) -> [UInt8]? {
    let parts = host.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 4 else { return nil }
    let bytes = parts.compactMap { UInt8($0) }
    return bytes.count == 4 ? bytes : nil
  }

  private static func scope(_ a: [UInt8]) -> AddressScope {
    switch (a[0], a[1]) {
    case (127, _): return .loopback
    case (169, 254): return .linkLocal
    case (10, _), (0, _), (192, 168): return .privateNetwork
    case (172, 16...31), (100, 64...127): return .privateNetwork
    default: return .publicInternet
    }
  }

  private static func scope(ipv6 host: String) -> AddressScope {
    if host == "::1" { return .loopback }
    // An IPv4 address written in IPv6 (`::ffff:169.254.169.254`) is that address.
    if let last = host.split(separator: ":").last, let v4 = ipv4(String(last)) { return scope(v4) }
    let first = host.split(separator: ":", omittingEmptySubsequences: false).first ?? ""
    guard let word = UInt16(first, radix: 16) else { return .publicInternet }
    if word & 0xFFC0 == 0xFE80 { return .linkLocal }
    if word & 0xFE00 == 0xFC00 { return .privateNetwork }
    return .publicInternet
  }

  /// Whether a redirect from a URL in `origin` may go to a URL in this scope: never to link-local, to loopback or
  /// a private network only from there (a mirror on the LAN, a test server).
  func isReachable(from origin: AddressScope) -> Bool {
    switch self {
    case .publicInternet: return true
    case .linkLocal: return false
    case .loopback, .privateNetwork: return origin == .loopback || origin == .privateNetwork
    }
  }
}
