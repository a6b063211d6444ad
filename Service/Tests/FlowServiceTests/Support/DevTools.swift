import Foundation
import Logging
import NIOWebSocket
import Testing
import WSClient
import WSCore

/// A page open in a headless `chromium` that the test drives through the Chrome DevTools
/// Protocol, to watch a page change while it is open.
enum DevTools {
  /// Opens `url` in a headless `chromium` with its DevTools on a port of its choice, and runs
  /// `body` with a function that evaluates JavaScript in the page and returns the value's
  /// JSON; ends the browser afterwards.
  static func withPage(
    _ url: String, in directory: TemporaryDirectory,
    _ body: @escaping @Sendable (_ evaluate: (String) async throws -> String) async throws -> Void
  ) async throws {
    let path = try #require(Chromium.path)
    let profile = directory.file("devtools-profile")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = [
      "--headless", "--no-sandbox", "--user-data-dir=\(profile)", "--remote-debugging-port=0",
      "--remote-allow-origins=*", url,
    ]
    process.environment = Chromium.environment(in: directory)
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    defer {
      process.terminate()
      process.waitUntilExit()
    }
    // Chromium writes its port and the browser's WebSocket path there once it listens.
    var lines: [Substring] = []
    let deadline = ContinuousClock.now + .seconds(20)
    while lines.count < 2, ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(50))
      let text = (try? String(contentsOfFile: profile + "/DevToolsActivePort", encoding: .utf8)) ?? ""
      lines = text.split(separator: "\n")
    }
    try #require(lines.count >= 2, "chromium did not open its DevTools port")
    let browser = "ws://127.0.0.1:\(lines[0])\(lines[1])"
    try await WebSocketClient.connect(
      url: browser, configuration: .init(maxFrameSize: 1 << 22), logger: Logger(label: "DevTools")
    ) { inbound, outbound, _ in
      let connection = Connection(inbound: inbound, outbound: outbound)
      let targets = try await connection.call("Target.getTargets")
      let infos = (targets["targetInfos"] as? [[String: Any]]) ?? []
      let page = try #require(
        infos.first { $0["type"] as? String == "page" }?["targetId"] as? String, "no page in \(targets)")
      let attached = try await connection.call("Target.attachToTarget", ["targetId": page, "flatten": true])
      let session = try #require(attached["sessionId"] as? String)
      try await body { expression in
        let answer = try await connection.call(
          "Runtime.evaluate", ["expression": expression, "returnByValue": true], session: session)
        let value = (answer["result"] as? [String: Any])?["value"] ?? NSNull()
        let data = try JSONSerialization.data(withJSONObject: [value], options: [.fragmentsAllowed])
        return String(decoding: data.dropFirst().dropLast(), as: UTF8.self)
      }
      try await outbound.close(.normalClosure, reason: nil)
    }
  }

  /// One DevTools connection: a call sends a command and waits for its answer, skipping the
  /// events in between; one call at a time (the test's task makes them in turn).
  private final class Connection {
    private var messages: WebSocketInboundMessageStream.AsyncIterator
    private let outbound: WebSocketOutboundWriter
    private var nextID = 1

    init(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) {
      self.messages = inbound.messages(maxSize: 1 << 22).makeAsyncIterator()
      self.outbound = outbound
    }

    /// Sends `method` with `parameters` (to the page's `session`, if any) and returns the
    /// answer's result; throws when the answer is an error or the connection closes.
    func call(_ method: String, _ parameters: [String: Any] = [:], session: String? = nil) async throws
      -> [String: Any]
    {
      let id = nextID
      nextID += 1
      var command: [String: Any] = ["id": id, "method": method, "params": parameters]
      if let session { command["sessionId"] = session }
      let text = String(decoding: try JSONSerialization.data(withJSONObject: command), as: UTF8.self)
      try await outbound.write(.text(text))
      var iterator = messages
      defer { messages = iterator }
      while let message = try await iterator.next(isolation: #isolation) {
        guard case .text(let text) = message,
          let answer = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
          answer["id"] as? Int == id
        else { continue }
        if let error = answer["error"] { throw DevToolsError(message: "\(method): \(error)") }
        return answer["result"] as? [String: Any] ?? [:]
      }
      throw DevToolsError(message: "\(method): the connection closed")
    }
  }

  /// A DevTools command that failed.
  struct DevToolsError: Error {
    var message: String
  }
}
