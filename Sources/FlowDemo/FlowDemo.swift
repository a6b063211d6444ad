import Foundation

/// The demo executable: a tour of the package in named sections, and a playground.
///
/// `swift run FlowDemo` runs the tour's default sections; `--list` names every section,
/// `<section>` runs one, `all` runs them all, and `play [file]` starts the playground (see
/// ``Command``).
@main
struct FlowDemo {
  /// Runs the command the arguments name, and exits with its status.
  static func main() async {
    let output = Transcript(echo: true)
    let errors = Transcript(echo: true, toStandardError: true)
    let status = await Command.run(
      Array(CommandLine.arguments.dropFirst()), output: output, errors: errors, input: .standardInput)
    exit(status)
  }
}

/// The lines a demo writes; optionally echoed, as they come, to standard output or error.
final class Transcript {
  /// A Boolean value indicating whether each line is printed as it is written.
  private let echo: Bool
  /// A Boolean value indicating whether the echo goes to standard error.
  private let toStandardError: Bool
  /// The lines written so far.
  private(set) var lines: [String] = []
  /// The number of the last step of the current section.
  private var stepNumber = 0

  /// A transcript that keeps its lines, and echoes them if `echo` is set.
  ///
  /// - Parameters:
  ///   - echo: A Boolean value indicating whether each line is printed as it is written.
  ///   - toStandardError: A Boolean value indicating whether the echo goes to standard error.
  init(echo: Bool = false, toStandardError: Bool = false) {
    self.echo = echo
    self.toStandardError = toStandardError
  }

  /// The lines, each ended by a newline, as the executable prints them.
  var text: String { lines.map { $0 + "\n" }.joined() }

  /// Writes one line.
  func line(_ text: String = "") {
    lines.append(text)
    guard echo else { return }
    // Written at once, unbuffered: progress lines show as they come even into a pipe, and
    // standard output and standard error keep their order.
    (toStandardError ? FileHandle.standardError : FileHandle.standardOutput).write(Data((text + "\n").utf8))
  }

  /// Writes each line of `text`, indented by `indent`.
  func lines(_ text: String, indent: String = "   ") {
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) { self.line(indent + line) }
  }

  /// Writes a section's heading, and numbers its steps from 1.
  func heading(_ name: String, _ summary: String) {
    stepNumber = 0
    line("== \(name): \(summary)")
    line()
  }

  /// Writes the title of the section's next step, numbered.
  func step(_ title: String) {
    stepNumber += 1
    line("\(stepNumber). \(title)")
  }
}
