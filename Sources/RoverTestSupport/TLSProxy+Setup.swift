import Foundation

extension TLSProxy {
  /// A CA's own settings: a CA that may sign, and nothing else (OpenSSL 3 refuses a CA without these).
  static let caConfiguration = """
    [req]
    distinguished_name = dn
    x509_extensions = ca
    prompt = no
    [dn]
    CN = rover test CA
    [ca]
    basicConstraints = critical,CA:TRUE
    keyUsage = critical,keyCertSign,cRLSign
    subjectKeyIdentifier = hash

    """

  /// The server certificate's extensions: a TLS server for the names tests use.
  static let serverExtensions = """
    basicConstraints = CA:FALSE
    keyUsage = critical,digitalSignature
    extendedKeyUsage = serverAuth
    subjectAltName = IP:127.0.0.1,DNS:localhost

    """

  /// `ca.pem` and `ca.key`, then `server.pem` and `server.key` signed by that CA, in `directory`. EC keys: an RSA
  /// key costs a second of a loaded machine's CPU, an EC key a millisecond.
  static func makeCertificates(in directory: URL) throws {
    try caConfiguration.write(to: directory.appendingPathComponent("ca.cnf"), atomically: true, encoding: .utf8)
    try serverExtensions.write(
      to: directory.appendingPathComponent("server.cnf"), atomically: true, encoding: .utf8)
    let key = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
    try openssl(
      ["req", "-x509", "-config", "ca.cnf"] + key + ["-keyout", "ca.key", "-out", "ca.pem", "-days", "2"], in: directory
    )
    try openssl(
      ["req", "-new"] + key + ["-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=127.0.0.1"], in: directory)
    try openssl(
      [
        "x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial", "-out",
        "server.pem", "-days", "2", "-extfile", "server.cnf",
      ], in: directory)
  }

  private static func openssl(_ arguments: [String], in directory: URL) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["openssl"] + arguments
    process.currentDirectoryURL = directory
    let errors = Pipe()
    process.standardOutput = FileHandle.nullDevice
    process.standardError = errors
    try process.run()
    let said = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw TLSProxyError("openssl \(arguments.joined(separator: " ")): \(String(decoding: said, as: UTF8.self))")
    }
  }

  /// The proxy: Python's `ssl` and `http.server`. The handshake runs in each connection's own thread, so a client
  /// that refuses the certificate fails only its own connection. HTTP/1.1 with keep-alive, as a real server, so
  /// `connections` counts the client's connections, not its requests. Redirects are relayed, not followed.
  static let script = #"""
    import http.server, os, ssl, sys, threading, urllib.error, urllib.request

    root, upstream = sys.argv[1], sys.argv[2].rstrip("/")
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(os.path.join(root, "server.pem"), os.path.join(root, "server.key"))
    lock = threading.Lock()
    connections = 0


    def publish(name, text):
        with open(os.path.join(root, name + ".tmp"), "w") as file:
            file.write(text)
        os.replace(os.path.join(root, name + ".tmp"), os.path.join(root, name))


    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args):
            return None


    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}), NoRedirect)


    class Server(http.server.ThreadingHTTPServer):
        daemon_threads = True

        def get_request(self):
            global connections
            sock, address = self.socket.accept()
            with lock:
                connections += 1
                publish("connections", str(connections))
            return sock, address

        def finish_request(self, request, client_address):
            try:
                tls = context.wrap_socket(request, server_side=True)
            except OSError:
                return
            try:
                self.RequestHandlerClass(tls, client_address, self)
            finally:
                tls.close()


    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_GET(self):
            headers = {k: v for k, v in self.headers.items() if k.lower() not in ("host", "connection")}
            try:
                response = opener.open(urllib.request.Request(upstream + self.path, headers=headers))
            except urllib.error.HTTPError as error:
                response = error
            body = response.read()
            self.send_response(response.status)
            for name, value in response.headers.items():
                if name.lower() not in ("transfer-encoding", "connection", "content-length", "date", "server"):
                    self.send_header(name, value)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass


    server = Server(("127.0.0.1", 0), Handler)
    # The port on stdout: the test reads this line as the sign the proxy listens (a pipe, not a file polled).
    print(server.server_address[1], flush=True)
    server.serve_forever()

    """#
}
