import Foundation
import NIOCore
import NIOPosix
import Testing

/// What a raw connection read: the bytes as text, and whether the server closed it.
struct RawAnswer: CustomStringConvertible {
  /// Everything the server sent.
  var text: String
  /// Whether the server closed the connection (or its side of it) before the test's bound.
  var closed: Bool

  var description: String { "\(closed ? "closed" : "open") \(text.debugDescription)" }

  /// The status line's code, or `nil` when nothing like a response came.
  var status: Int? {
    guard text.hasPrefix("HTTP/1.1 ") else { return nil }
    return Int(text.dropFirst(9).prefix(3))
  }

  /// A header field's value (the first one named `name`, case-insensitively).
  func header(_ name: String) -> String? {
    let head = text.components(separatedBy: "\r\n\r\n").first ?? ""
    for line in head.components(separatedBy: "\r\n").dropFirst() {
      let parts = line.split(separator: ":", maxSplits: 1)
      if parts.count == 2, parts[0].lowercased() == name.lowercased() {
        return parts[1].trimmingCharacters(in: .whitespaces)
      }
    }
    return nil
  }

  /// What follows the header fields.
  var body: String {
    guard let range = text.range(of: "\r\n\r\n") else { return "" }
    return String(text[range.upperBound...])
  }
}

/// Opens a TCP connection to `localhost:port`, writes what `write` writes (as it writes it:
/// slowly, in pieces, or nothing), and reads everything the server sends until it closes the
/// connection or `bound` passes. The bound only keeps a broken server from hanging the test:
/// a test asserts that the connection closed, never how fast.
///
/// Writing stops quietly when the server has closed the connection.
func rawExchange(
  port: Int, bound: Duration = .seconds(60),
  _ write: @escaping @Sendable (NIOAsyncChannelOutboundWriter<ByteBuffer>) async throws -> Void = { _ in }
) async throws -> RawAnswer {
  let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
    .channelOption(ChannelOptions.allowRemoteHalfClosure, value: true)
    .connect(host: "localhost", port: port) { channel in
      channel.eventLoop.makeCompletedFuture {
        try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
      }
    }
  return try await channel.executeThenClose { inbound, outbound in
    try await withThrowingTaskGroup(of: RawAnswer?.self) { group in
      group.addTask {
        try? await write(outbound)
        // Waits for the reader or the bound.
        try await Task.sleep(for: bound * 2)
        return nil
      }
      group.addTask {
        var text = ""
        do {
          for try await buffer in inbound { text += String(buffer: buffer) }
        } catch {
          // A reset closes the connection too.
        }
        return RawAnswer(text: text, closed: !Task.isCancelled)
      }
      group.addTask {
        try await Task.sleep(for: bound)
        return RawAnswer(text: "", closed: false)
      }
      var answer: RawAnswer?
      while answer == nil, let next = try await group.next() { answer = next }
      group.cancelAll()
      return answer ?? RawAnswer(text: "", closed: false)
    }
  }
}

/// A request line and header fields, as a client sends them.
func rawRequest(_ method: String, _ path: String, _ headers: [(String, String)] = []) -> String {
  var text = "\(method) \(path) HTTP/1.1\r\nHost: localhost\r\n"
  for (name, value) in headers { text += "\(name): \(value)\r\n" }
  return text + "\r\n"
}

/// The header fields of a WebSocket upgrade request, without a credential.
let webSocketUpgradeHeaders = [
  ("Connection", "Upgrade"), ("Upgrade", "websocket"), ("Sec-WebSocket-Version", "13"),
  ("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="),
]

/// The `Authorization` field that sends the test API key, for raw requests.
let testAPIKeyHeader = ("Authorization", bearer(testAPIKey))

/// The close frame that opens a WebSocket stream's answer: its code and reason.
struct RawCloseFrame: Equatable, CustomStringConvertible {
  /// The upgrade answer's status.
  var status: Int?
  /// The close code.
  var code: Int
  /// The reason.
  var reason: String

  var description: String { "\(status.map(String.init) ?? "-") \(code) \(reason.debugDescription)" }
}

/// Asks for a WebSocket on `path` over a raw connection and reads the answer up to its first
/// frame, which must be a close frame: `nil` when it is another frame or the server closes
/// first. Raw, because a client library may drop a frame that arrives in the same read as
/// the 101 answer, as a close sent at once on a refused stream can.
func rawWebSocketClose(port: Int, path: String, authorization: String) async throws -> RawCloseFrame? {
  let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
    .connect(host: "localhost", port: port) { channel in
      channel.eventLoop.makeCompletedFuture {
        try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
      }
    }
  return try await channel.executeThenClose { inbound, outbound in
    let request = rawRequest("GET", path, webSocketUpgradeHeaders + [("Authorization", authorization)])
    try await outbound.write(ByteBuffer(string: request))
    var bytes: [UInt8] = []
    for try await buffer in inbound {
      bytes += buffer.readableBytesView
      guard let headEnd = bytes.firstRange(of: Array("\r\n\r\n".utf8))?.upperBound else { continue }
      let frame = Array(bytes[headEnd...])
      // A server's frames are not masked, and a close frame's payload is under 126 bytes.
      guard frame.count >= 2, frame.count >= 2 + Int(frame[1] & 0x7F) else { continue }
      let payload = frame[2..<(2 + Int(frame[1] & 0x7F))]
      guard frame[0] == 0x88, payload.count >= 2 else { return nil }
      let head = String(decoding: bytes[..<headEnd], as: UTF8.self)
      return RawCloseFrame(
        status: head.hasPrefix("HTTP/1.1 ") ? Int(head.dropFirst(9).prefix(3)) : nil,
        code: Int(payload[payload.startIndex]) << 8 | Int(payload[payload.startIndex + 1]),
        reason: String(decoding: payload.dropFirst(2), as: UTF8.self))
    }
    return nil
  }
}
