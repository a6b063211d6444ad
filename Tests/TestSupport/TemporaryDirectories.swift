import Foundation
import Synchronization
package import Testing

/// A trait whose test gets a scope for temporary directories: each one that
/// ``temporaryDirectory(_:)`` makes while the test runs is removed, with what it holds, when
/// the test ends, whether it passed, failed or threw.
///
/// On a suite it applies to each of the suite's tests, and to each case of a parameterized
/// one. A directory that could not be removed is a recorded issue.
package struct TemporaryDirectories: TestTrait, SuiteTrait, TestScoping {
  /// The directories made in the current test's scope; `nil` outside of one.
  @TaskLocal fileprivate static var registry: Registry?

  /// The directories of one scope.
  fileprivate final class Registry: Sendable {
    let paths = Mutex<[String]>([])
  }

  package init() {}

  package var isRecursive: Bool { true }

  package func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
    testCase == nil ? nil : self
  }

  @concurrent package func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @concurrent @Sendable () async throws -> Void
  ) async throws {
    let registry = Registry()
    defer {
      for path in registry.paths.withLock({ $0 }) {
        try? FileManager.default.removeItem(atPath: path)
        if FileManager.default.fileExists(atPath: path) {
          Issue.record("The temporary directory \(path) could not be removed.")
        }
      }
    }
    try await Self.$registry.withValue(registry) { try await function() }
  }
}

extension Trait where Self == TemporaryDirectories {
  /// Removes the temporary directories a test makes when it ends.
  package static var temporaryDirectories: Self { TemporaryDirectories() }
}

/// The error of ``temporaryDirectory(_:)`` called outside a ``TemporaryDirectories`` scope.
package struct TemporaryDirectoryOutsideScope: Error, CustomStringConvertible {
  /// The name the caller gave the directory.
  package let name: String

  package var description: String {
    "temporaryDirectory(\"\(name)\") was called in a test without the .temporaryDirectories trait, "
      + "which removes the directory when the test ends; give the test or its suite the trait."
  }
}

/// A new, empty directory under the system's temporary directory, removed when the current
/// test ends.
///
/// - Parameter name: A name the directory's own name starts with (its letters only), after
///   `navigator-tests-`; the calling function's name by default.
/// - Returns: The directory's path.
/// - Throws: ``TemporaryDirectoryOutsideScope``, making nothing, when the current test lacks
///   the ``TemporaryDirectories`` trait; the file system's error when the directory can't be made.
package func temporaryDirectory(_ name: String = #function) throws -> String {
  guard let registry = TemporaryDirectories.registry else { throw TemporaryDirectoryOutsideScope(name: name) }
  let base = FileManager.default.temporaryDirectory.path
  let path = "\(base)/navigator-tests-\(name.filter(\.isLetter))-\(UUID().uuidString)"
  registry.paths.withLock { $0.append(path) }
  try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  return path
}
