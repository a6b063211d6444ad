import Foundation
import Synchronization
import TestSupport
import Testing

/// The `.temporaryDirectories` trait removes every directory its test made when the test ends,
/// also when the test throws; a test without it can't make one.
@Suite struct TemporaryDirectoriesTests {
  /// The directories a scope made, seen from outside it.
  private final class Made: Sendable {
    let paths = Mutex<[String]>([])
  }

  /// Whether a file or directory exists at `path`.
  private static func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

  /// Runs a body in a scope of the trait, as Swift Testing runs a test that carries it: the
  /// body makes two directories, one holding a file and a subdirectory, notes them in `made`,
  /// checks they exist, then throws `error` if there is one.
  private static func runScope(_ made: Made, throwing error: (any Error)? = nil) async throws {
    try await TemporaryDirectories().provideScope(for: Test.current!, testCase: Test.Case.current) {
      let parent = try temporaryDirectory("parent")
      try Data([1, 2, 3]).write(to: URL(fileURLWithPath: "\(parent)/file"))
      try FileManager.default.createDirectory(atPath: "\(parent)/a/b", withIntermediateDirectories: true)
      let other = try temporaryDirectory("other")
      made.paths.withLock { $0 = [parent, other] }
      #expect([parent, other].map(exists) == [true, true])
      if let error { throw error }
    }
  }

  @Test func theDirectoriesATestMadeAreRemovedWithWhatTheyHoldWhenItEnds() async throws {
    let made = Made()
    try await Self.runScope(made)
    let paths = made.paths.withLock { $0 }
    #expect(paths.count == 2)
    #expect(paths.map(Self.exists) == [false, false])
  }

  @Test func theDirectoriesAreRemovedWhenTheTestThrows() async throws {
    struct Thrown: Error, Equatable {}
    let made = Made()
    await #expect(throws: Thrown()) { try await Self.runScope(made, throwing: Thrown()) }
    let paths = made.paths.withLock { $0 }
    #expect(paths.count == 2)
    #expect(paths.map(Self.exists) == [false, false])
  }

  @Test func aTestWithoutTheTraitGetsAnErrorNamingItAndNoDirectory() throws {
    let base = FileManager.default.temporaryDirectory.path
    func forgotten() throws -> [String] {
      try FileManager.default.contentsOfDirectory(atPath: base).filter {
        $0.hasPrefix("navigator-tests-forgotten")
      }
    }
    let before = try forgotten()
    #expect {
      _ = try temporaryDirectory("forgotten")
    } throws: { error in
      "\(error)"
        == "temporaryDirectory(\"forgotten\") was called in a test without the .temporaryDirectories "
        + "trait, which removes the directory when the test ends; give the test or its suite the trait."
    }
    #expect(try forgotten() == before)
  }
}
