import Foundation

/// A session log kept as a file: a folder of them is a set of regression tests with no
/// code, one parameterised test replaying each.
///
/// ```swift
/// @Test(arguments: try SessionLogFile.files(in: folder))
/// func recordedSessionReplays(_ file: SessionLogFile) throws {
///   try file.replay(into: makeApp())   // a fresh app controller with the same routes and flows
/// }
/// ```
///
/// A log file is the bytes of ``RouteTable/encode(_:)-(SessionLog)`` in a file whose name
/// ends in `.sessionlog.json`; ``write(_:named:in:routes:)`` writes one.
public struct SessionLogFile: Hashable, Sendable, CustomStringConvertible {
  /// The file name's ending that marks a session log.
  public static let fileExtension = ".sessionlog.json"

  /// The file's path.
  public let path: String

  /// Names a log file.
  ///
  /// - Parameter path: The file's path.
  public init(path: String) {
    self.path = path
  }

  /// The file's name without its folder and its ending: how a test's arguments read.
  public var name: String {
    let file = path.split(separator: "/").last.map(String.init) ?? path
    return file.hasSuffix(Self.fileExtension) ? String(file.dropLast(Self.fileExtension.count)) : file
  }

  /// The name.
  public var description: String { name }

  /// The log files in `directory` (not in its subfolders), sorted by name.
  ///
  /// - Parameter directory: The folder's path.
  /// - Returns: The files whose names end in ``fileExtension``.
  /// - Throws: ``SessionLogError/Code/unreadableFile`` when the folder can't be listed.
  public static func files(in directory: String) throws(SessionLogError) -> [SessionLogFile] {
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: directory)
    } catch {
      throw SessionLogError(
        .unreadableFile, "The folder \(directory) can't be listed: \(error.localizedDescription)")
    }
    let folder = directory.hasSuffix("/") ? directory : directory + "/"
    return names.filter { $0.hasSuffix(fileExtension) }.sorted().map { SessionLogFile(path: folder + $0) }
  }

  /// Writes `log` to `directory` as `name` followed by ``fileExtension``.
  ///
  /// - Parameters:
  ///   - log: The log.
  ///   - name: The file's name, without its ending.
  ///   - directory: The folder, which must exist.
  ///   - routes: The route table that writes the log's routes.
  /// - Returns: The file written.
  /// - Throws: ``SessionLogError``: the encoder's, or ``SessionLogError/Code/unreadableFile``
  ///   when the file can't be written.
  @discardableResult
  public static func write(_ log: SessionLog, named name: String, in directory: String, routes: RouteTable)
    throws(SessionLogError) -> SessionLogFile
  {
    let bytes = try routes.encode(log)
    let folder = directory.hasSuffix("/") ? directory : directory + "/"
    let file = SessionLogFile(path: folder + name + fileExtension)
    do {
      try Data(bytes).write(to: URL(fileURLWithPath: file.path), options: .atomic)
    } catch {
      throw SessionLogError(
        .unreadableFile, "The file \(file.path) can't be written: \(error.localizedDescription)")
    }
    return file
  }

  /// The file's bytes.
  ///
  /// - Returns: The bytes.
  /// - Throws: ``SessionLogError/Code/unreadableFile`` when the file can't be read.
  public func read() throws(SessionLogError) -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw SessionLogError(.unreadableFile, "The file \(path) can't be read.")
    }
    return Array(data)
  }

  /// Reads the log with `app`'s route table and replays it into `app`
  /// (``SessionLog/replay(into:)``).
  ///
  /// - Parameter app: A fresh app controller with the routes and flows of the one recorded.
  /// - Returns: The replay's own log.
  /// - Throws: ``ReplayError``: ``ReplayError/Code/badLog`` when the file doesn't read as a
  ///   log, else the replay's.
  @discardableResult
  public func replay(into app: AppController) throws(ReplayError) -> SessionLog {
    let log: SessionLog
    do throws(SessionLogError) {
      log = try app.routes.decodeSessionLog(try read())
    } catch {
      throw ReplayError(.badLog, "\(name): \(error)")
    }
    return try log.replay(into: app)
  }
}
