import Foundation

/// The executable's commands, read from its arguments.
///
/// - no argument: the tour's default sections;
/// - `--list`: the sections' names and summaries;
/// - `all`: every section;
/// - `<section>`: that section;
/// - `play [file]`: the playground, reading commands from the file or standard input.
enum Command {
  /// Where the playground reads its commands.
  enum Input {
    /// Standard input, one line at a time, as it comes.
    case standardInput
    /// The given lines.
    case lines([String])
  }

  /// Runs the command the arguments name.
  ///
  /// - Parameters:
  ///   - arguments: The arguments, without the executable's path.
  ///   - output: Where the command writes.
  ///   - errors: Where a usage error goes.
  ///   - input: Where `play` without a file reads its commands.
  /// - Returns: The exit status: 0, or 1 for a usage error.
  static func run(_ arguments: [String], output: Transcript, errors: Transcript, input: Input) async -> Int32
  {
    let sections = Tour.sections
    switch arguments.first {
    case nil:
      await Tour.run(sections.filter(\.isInDefaultRun), into: output)
    case "--list" where arguments.count == 1:
      output.lines(Tour.listing, indent: "")
    case "all" where arguments.count == 1:
      await Tour.run(sections, into: output)
    case "play" where arguments.count <= 2:
      if arguments.count == 2 {
        guard let text = try? String(contentsOfFile: arguments[1], encoding: .utf8) else {
          errors.line(
            "error: can't read the playground script '\(arguments[1])'; expected a readable text file")
          return 1
        }
        Playground(output: output).run(
          text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
      } else {
        play(input, output: output)
      }
    case let name? where arguments.count == 1:
      guard let section = sections.first(where: { $0.name == name }) else {
        errors.line(
          "error: no section named '\(name)'; expected one of: \(sections.map(\.name).joined(separator: ", ")), "
            + "all, play [file], --list")
        return 1
      }
      await Tour.run([section], introduced: false, into: output)
    default:
      errors.line(
        "error: unexpected arguments '\(arguments.joined(separator: " "))'; expected nothing, --list, all, "
          + "a section's name, or play [file]")
      return 1
    }
    return 0
  }

  /// Runs the playground on `input`: a person typing at a terminal gets a prompt and sees no
  /// echo of what they typed; a script's commands are echoed, as in a transcript.
  private static func play(_ input: Input, output: Transcript) {
    switch input {
    case .lines(let lines):
      Playground(output: output).run(lines)
    case .standardInput:
      let isInteractive = isatty(STDIN_FILENO) != 0
      let playground = Playground(output: output, echoesCommands: !isInteractive)
      while true {
        if isInteractive {
          FileHandle.standardOutput.write(Data("> ".utf8))
        }
        guard let line = readLine(), playground.execute(line) else { return }
      }
    }
  }
}
