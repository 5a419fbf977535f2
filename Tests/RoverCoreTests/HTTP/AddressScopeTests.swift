import Foundation
import Testing

@testable import RoverCore

/// Redirects stay where the first URL could go: never to link-local, into loopback or a private network only from
/// there.
@Suite struct AddressScopeTests {
  @Test(arguments: [
    ("169.254.169.254", AddressScope.linkLocal), ("[fe80::1]", .linkLocal), ("::ffff:169.254.169.254", .linkLocal),
    ("127.0.0.1", .loopback), ("localhost", .loopback), ("[::1]", .loopback), ("10.1.2.3", .privateNetwork),
    ("172.20.0.1", .privateNetwork), ("192.168.1.1", .privateNetwork), ("[fd00::5]", .privateNetwork),
    ("172.32.0.1", .publicInternet), ("mars.nasa.gov", .publicInternet), ("8.8.8.8", .publicInternet),
  ])
  func scopeOfAHost(host: String, scope: AddressScope) {
    #expect(AddressScope(host: host) == scope)
  }

  @Test func whereARedirectMayGo() {
    #expect(!AddressScope.linkLocal.isReachable(from: .loopback))
    #expect(!AddressScope.loopback.isReachable(from: .publicInternet))
    #expect(!AddressScope.privateNetwork.isReachable(from: .publicInternet))
    #expect(AddressScope.privateNetwork.isReachable(from: .loopback))
    #expect(AddressScope.publicInternet.isReachable(from: .privateNetwork))
  }
}
