import Logging
import Synchronization

/// A log record: its level, message, metadata and error.
struct LogRecord: Hashable, CustomStringConvertible {
  var level: Logger.Level
  var message: String
  var metadata: [String: String]
  /// The error logged with it, as text.
  var error: String? = nil

  /// The message, the metadata and the error, as text: what a test looks for in a log (or
  /// must never find there).
  var text: String {
    "\(message) \(metadata.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " "))"
      + (error.map { " \($0)" } ?? "")
  }

  var description: String { "\(level) \(text)" }
}

/// The records of the loggers made by ``logger(label:)``, in the order they were logged.
final class CapturedLogs: Sendable {
  private let storage = Mutex<[LogRecord]>([])

  /// The records so far.
  var records: [LogRecord] { storage.withLock { $0 } }

  /// The records with `message`.
  func records(_ message: String) -> [LogRecord] { records.filter { $0.message == message } }

  /// A logger whose records are kept here, at every level.
  func logger(label: String = "FlowServiceTests") -> Logger {
    var logger = Logger(label: label) { _ in Handler(logs: self) }
    logger.logLevel = .trace
    return logger
  }

  fileprivate func append(_ record: LogRecord) { storage.withLock { $0.append(record) } }

  private struct Handler: LogHandler {
    let logs: CapturedLogs
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
      get { metadata[key] }
      set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
      let merged = metadata.merging(event.metadata ?? [:]) { $1 }
      logs.append(
        LogRecord(
          level: event.level, message: "\(event.message)", metadata: merged.mapValues { "\($0)" },
          error: event.error.map { "\($0)" }))
    }
  }
}
