extension OpenRequest {
  /// Reads the usual body of `POST /sessions/{id}/open` directly: one object with the one
  /// field `url`, a string whose only escape is `\/`, with JSON's whitespace around the
  /// tokens. Anything else is `nil`, and `JSONDecoder` reads it (and names what is wrong).
  ///
  /// `JSONDecoder` takes about 2 % of the server's CPU per open in the load test (`perf`,
  /// release): more than the body's few bytes are worth.
  ///
  /// - Parameter bytes: The body.
  init?(usualBody bytes: [UInt8]) {
    var index = 0
    func skipBlanks() {
      while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }
    func take(_ expected: some Sequence<UInt8>) -> Bool {
      for byte in expected {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
      }
      return true
    }
    skipBlanks()
    guard take("{".utf8) else { return nil }
    skipBlanks()
    guard take(#""url""#.utf8) else { return nil }
    skipBlanks()
    guard take(":".utf8) else { return nil }
    skipBlanks()
    guard take(#"""#.utf8) else { return nil }
    var text: [UInt8] = []
    while true {
      guard index < bytes.count else { return nil }
      let byte = bytes[index]
      index += 1
      if byte == UInt8(ascii: "\"") { break }
      guard byte >= 0x20 else { return nil }
      if byte == UInt8(ascii: "\\") {
        guard take("/".utf8) else { return nil }
        text.append(UInt8(ascii: "/"))
      } else {
        text.append(byte)
      }
    }
    skipBlanks()
    guard take("}".utf8) else { return nil }
    skipBlanks()
    guard index == bytes.count, let url = String(validating: text, as: UTF8.self) else { return nil }
    self.init(url: url)
  }
}
