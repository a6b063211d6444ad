import AppFlow
import Foundation
import Logging
import NIOCore
import PostgresNIO
import ServiceLifecycle
import Synchronization

/// What one instance tells the others through PostgreSQL: a session's events, or its removal.
struct RelayMessage: Codable, Sendable {
  /// The session.
  var session: String
  /// Its events, in journal order.
  var events: [String]?
  /// Whether the session was removed.
  var removed: Bool?

  /// The PostgreSQL channel the instances notify on.
  static let channel = "flow_service_events"

  /// A notification's payload is at most 8,000 bytes: messages are cut to stay under this.
  static let payloadLimit = 7_600

  /// `events` as messages whose JSON fits in a notification: several when they are long; an
  /// event too long for one notification on its own is cut.
  static func payloads(_ session: SessionID, _ events: [String]) -> [String] {
    var payloads: [String] = []
    var batch: [String] = []
    var size = 0
    // `{"events":[],"session":"…"}` around the events.
    let overhead = jsonSize(session.rawValue) + 24
    for event in events {
      var event = event
      var cost = jsonSize(event) + 1
      if cost + overhead > payloadLimit {
        event = cut(event, to: payloadLimit - overhead - 8)
        cost = jsonSize(event) + 1
      }
      if !batch.isEmpty, size + cost + overhead > payloadLimit {
        payloads.append(RelayMessage(session: session.rawValue, events: batch).json)
        batch = []
        size = 0
      }
      batch.append(event)
      size += cost
    }
    if !batch.isEmpty { payloads.append(RelayMessage(session: session.rawValue, events: batch).json) }
    return payloads
  }

  /// The message's JSON text, the text ``text(_:)`` makes of it, written directly: with
  /// PostgreSQL, every change's events go out in one, and the encoder and the tree of values
  /// would take about 2 % of the server's CPU in the load test's `open` (`perf`, release build).
  var json: String {
    var writer = JSONTextWriter(capacity: 64 + (events?.count ?? 0) * 48)
    writer.raw("{")
    if let events {
      writer.raw(#""events":"#)
      writer.array(events) { writer, event in writer.write(event) }
      writer.raw(",")
    }
    if let removed {
      removed ? writer.raw(#""removed":true,"#) : writer.raw(#""removed":false,"#)
    }
    writer.raw(#""session":"#)
    writer.write(session)
    writer.raw("}")
    return String(decoding: writer.bytes, as: UTF8.self)
  }

  /// The bytes `string` takes as a JSON string, its quotes included: JSONEncoder escapes
  /// quotes, backslashes and slashes with a backslash, and control characters as `\u00XX`
  /// (or two bytes for the common ones).
  static func jsonSize(_ string: String) -> Int {
    var size = 2
    for byte in string.utf8 {
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), 0x08, 0x09, 0x0A, 0x0C, 0x0D: size += 2
      case 0..<0x20: size += 6
      default: size += 1
      }
    }
    return size
  }

  /// `event`'s longest prefix (whole characters) whose JSON takes at most `limit` bytes, and an ellipsis.
  private static func cut(_ event: String, to limit: Int) -> String {
    var kept = ""
    var size = 2 + 3
    for character in event {
      let cost = jsonSize(String(character)) - 2
      if size + cost > limit { break }
      kept.append(character)
      size += cost
    }
    return kept + "…"
  }
}

extension RelayMessage {
  /// Reads a message in the form ``json`` writes it (`{"events":[…],"session":"…"}`, or with
  /// `"removed"`), without `JSONDecoder`; `nil` for any other text, which `JSONDecoder` then
  /// reads. Every instance reads every change's message: with `JSONDecoder`, reading would
  /// take about 2.8 % of the server's CPU in the load test's `open` on PostgreSQL (`perf`,
  /// release).
  init?(usualText text: String) {
    var reader = JSONTextReader(text)
    guard reader.take("{") else { return nil }
    var events: [String]?
    if reader.take(#""events":["#) {
      var list: [String] = []
      if !reader.take("]") {
        repeat {
          guard let event = reader.string() else { return nil }
          list.append(event)
        } while reader.take(",")
        guard reader.take("]") else { return nil }
      }
      guard reader.take(",") else { return nil }
      events = list
    }
    var removed: Bool?
    if reader.take(#""removed":true,"#) {
      removed = true
    } else if reader.take(#""removed":false,"#) {
      removed = false
    }
    guard reader.take(#""session":"#), let session = reader.string(), reader.take("}"), reader.isAtEnd
    else { return nil }
    self.init(session: session, events: events, removed: removed)
  }
}

/// Reads the JSON text that ``JSONTextWriter`` writes, a piece at a time: literal punctuation
/// and strings with their escapes. Any other escape (a `\u` past ASCII) is refused, so that
/// the caller falls back to `JSONDecoder`.
private struct JSONTextReader {
  private let bytes: [UInt8]
  private var index = 0

  init(_ text: String) {
    bytes = Array(text.utf8)
  }

  /// A Boolean value indicating whether every byte is read.
  var isAtEnd: Bool { index == bytes.count }

  /// Reads `literal` when the text goes on with it.
  ///
  /// - Returns: Whether it did (nothing is read otherwise).
  mutating func take(_ literal: StaticString) -> Bool {
    let count = literal.utf8CodeUnitCount
    guard bytes.count - index >= count else { return false }
    let matches = literal.withUTF8Buffer { literal in
      literal.indices.allSatisfy { bytes[index + $0] == literal[$0] }
    }
    if matches { index += count }
    return matches
  }

  /// Reads a JSON string, or returns `nil` when the text doesn't go on with one it can read.
  mutating func string() -> String? {
    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
    index += 1
    var text: [UInt8] = []
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      switch byte {
      case UInt8(ascii: "\""): return String(decoding: text, as: UTF8.self)
      case UInt8(ascii: "\\"):
        guard index < bytes.count else { return nil }
        let escape = bytes[index]
        index += 1
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escape)
        case UInt8(ascii: "n"): text.append(0x0A)
        case UInt8(ascii: "r"): text.append(0x0D)
        case UInt8(ascii: "t"): text.append(0x09)
        case UInt8(ascii: "b"): text.append(0x08)
        case UInt8(ascii: "f"): text.append(0x0C)
        case UInt8(ascii: "u"):
          guard bytes.count - index >= 4,
            let value = UInt8(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16),
            value < 0x80
          else { return nil }
          text.append(value)
          index += 4
        default: return nil
        }
      case 0..<0x20: return nil
      default: text.append(byte)
      }
    }
    return nil
  }
}

/// Listens for the events every instance sharing the PostgreSQL store publishes, and hands
/// them to this instance's streams, in the order their requests committed.
///
/// Instances on PostgreSQL don't publish a request's events to their own streams directly:
/// they send them with the request's transaction (`pg_notify`, delivered when it commits and
/// dropped when it rolls back), and every instance, the sender included, publishes what it
/// hears. The session's row lock orders one session's commits, and PostgreSQL delivers
/// notifications in commit order, so every instance's streams carry a session's events in
/// the same order, once. The relay connects again after a lost connection; events committed
/// while it was away are not replayed.
final class EventRelay: Service, Sendable {
  private let configuration: PostgresConnection.Configuration
  private let events: SessionEvents
  private let logger: Logger
  /// Whether the relay listens, and who waits for it to.
  private let state = Mutex((listening: false, waiters: [CheckedContinuation<Void, Never>]()))

  init(configuration: PostgresConnection.Configuration, events: SessionEvents, logger: Logger) {
    self.configuration = configuration
    self.events = events
    self.logger = logger
  }

  /// Returns once the relay listens (at once when it does already).
  func waitUntilListening() async {
    await withCheckedContinuation { continuation in
      let ready = state.withLock { state in
        if state.listening { return true }
        state.waiters.append(continuation)
        return false
      }
      if ready { continuation.resume() }
    }
  }

  func run() async throws {
    try? await cancelWhenGracefulShutdown {
      var attempt = 0
      while !Task.isCancelled {
        do {
          try await self.listen()
        } catch {
          if Task.isCancelled { break }
          attempt += 1
          self.logger.warning(
            "The event relay lost its PostgreSQL connection; connecting again",
            metadata: ["error": "\(PostgresSnapshotStore.describe(error))", "attempt": "\(attempt)"])
        }
        try await Task.sleep(for: .milliseconds(min(5_000, 100 * (1 << min(attempt, 6)))))
      }
    }
  }

  /// Connects, listens, and publishes each message until the connection ends.
  private func listen() async throws {
    let connection = try await PostgresConnection.connect(
      configuration: configuration, id: 1, logger: logger)
    defer { Task { try? await connection.close() } }
    try await connection.listen(on: RelayMessage.channel) { notifications in
      let waiters = state.withLock { state in
        state.listening = true
        defer { state.waiters = [] }
        return state.waiters
      }
      for waiter in waiters { waiter.resume() }
      for try await notification in notifications {
        guard
          let message = RelayMessage(usualText: notification.payload)
            ?? (try? JSONDecoder().decode(RelayMessage.self, from: Data(notification.payload.utf8))),
          let id = try? SessionID(message.session)
        else {
          logger.warning(
            "The event relay skipped a message it can't read",
            metadata: ["payload": "\(notification.payload)"])
          continue
        }
        if message.removed == true {
          events.close(id)
        } else {
          events.publish(id, message.events ?? [])
        }
      }
    }
  }
}
