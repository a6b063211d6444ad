import Logging
import Synchronization

/// Keeps every entry logged through its ``logger``, at every level, as text: the level, the
/// message, the metadata and the error, for tests that look for what a log says (or must
/// never say).
final class LogRecorder: Sendable {
  /// One entry: its level and its whole text.
  struct Entry: Equatable, Sendable {
    var level: Logger.Level
    var text: String
  }

  private let recorded = Mutex<[Entry]>([])

  init() {}

  /// The entries so far, oldest first.
  var entries: [Entry] { recorded.withLock { $0 } }

  /// A logger at the `trace` level that records here.
  var logger: Logger {
    Logger(label: "FlowServiceTests") { _ in Handler(recorder: self) }
  }

  fileprivate func record(_ entry: Entry) {
    recorded.withLock { $0.append(entry) }
  }

  private struct Handler: LogHandler {
    let recorder: LogRecorder
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
      get { metadata[key] }
      set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
      let fields = metadata.merging(event.metadata ?? [:]) { $1 }
      let text =
        "\(event.message) \(fields.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" })"
        + (event.error.map { " \($0)" } ?? "")
      recorder.record(Entry(level: event.level, text: text))
    }
  }
}
