import AppFlow
import Foundation
import Navigator

// The playground's log: `save` writes what the session recorded so far, `replay` replays a
// saved log into a new shop and shows each input and the tree after it.
extension Playground {
  /// Writes the log of the session so far to a file, and says what a replay of it can't
  /// make again.
  ///
  /// - Throws: A ``Refusal`` when the command is malformed or the file can't be written;
  ///   nothing is written then.
  func save(_ arguments: [String]) throws(Refusal) {
    guard arguments.count == 1, let path = arguments.first else {
      throw Refusal(message: "expected save <file>")
    }
    guard let log = app.recorder?.log else {
      throw Refusal(message: "expected a session that records (the shop did not start)")
    }
    let bytes: [UInt8]
    do {
      bytes = try app.routes.encode(log)
    } catch {
      throw Refusal(message: "the log does not encode: \(error)")
    }
    do {
      try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      throw Refusal(message: "can't write the log to '\(path)': \(error.localizedDescription)")
    }
    output.line("   saved \(Self.count(log.steps.count, "input")) to \(path) (\(bytes.count) bytes)")
    for (index, input) in log.inputs.enumerated() {
      guard case .unreplayable(let reason) = input else { continue }
      output.line("   note: a replay stops at input \(index), which it can't make again: \(reason)")
    }
    if !commandsOutsideTheLog.isEmpty {
      output.line(
        "   note: not in the log, the playground's own state: "
          + "\(commandsOutsideTheLog.joined(separator: ", ")); a replay starts signed out, at regular width")
    }
  }

  /// Replays the log in a file into a new shop, input by input: each input, its events and
  /// the tree after it, then the first difference or the word that it replayed exactly.
  ///
  /// This session is left as it is: the log is replayed once into a new shop, which shows
  /// the tree after each input as the replay reaches it.
  ///
  /// - Throws: A ``Refusal`` when the command is malformed or the file is not a log.
  func replay(_ arguments: [String]) throws(Refusal) {
    guard arguments.count == 1, let path = arguments.first else {
      throw Refusal(message: "expected replay <file>")
    }
    let log: SessionLog
    do {
      log = try app.routes.decodeSessionLog(try SessionLogFile(path: path).read())
    } catch {
      throw Refusal(message: "'\(path)' is not a log to replay: \(error)")
    }
    output.line(
      "   replaying \(Self.count(log.steps.count, "input")) (recorded from "
        + "\(log.start == nil ? "the shop's start" : "a snapshot")) into a new shop; this session stays as it is"
    )
    let shop: AppController
    do {
      shop = try Self.makeShop()
    } catch {
      throw Refusal(message: "a shop to replay into: \(error)")
    }
    var shown = 0
    do {
      try log.replay(into: shop) { index, step in
        output.line("   input \(index): \(step.input)")
        for event in step.events ?? [] { output.line("      · \(event)") }
        output.lines(shop.window.hierarchyDescription(), indent: "      ")
        shown = index + 1
      }
    } catch {
      if shown < log.steps.count { output.line("   input \(shown): \(log.steps[shown].input)") }
      switch error.code {
      case .divergence: output.lines("diverged: " + error.message, indent: "      ")
      default: output.line("      stopped [\(error.code)]: \(error.message)")
      }
      output.lines(shop.window.hierarchyDescription(), indent: "      ")
      return
    }
    let compared =
      log.end == nil || log.steps.contains { $0.events == nil }
      ? " (the log kept no events or no end state: only the inputs were applied)"
      : ", the same events and end state"
    output.line("   replayed exactly: \(Self.count(log.steps.count, "input"))\(compared)")
  }

  /// `count` and `noun`, plural but for one.
  private static func count(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
  }
}
