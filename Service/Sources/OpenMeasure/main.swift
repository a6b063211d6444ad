// Runs N opens of one service session as `POST /sessions/{id}/open` runs them, without HTTP
// (`OpenMeasurement`), alternating `shop://catalog/products/42` and `shop://catalog`, for
// callgrind: run it with N and 2N and subtract (Service/README.md, "Requests";
// Service/scripts/open-measure.sh does it all).
//
//   OpenMeasure [N]   # N opens after one warm-up pair; 1,000 by default
import Dispatch
import FlowServiceCore
import Foundation

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count <= 1, let count = Int(arguments.first ?? "1000"), count >= 0 else {
  print("usage: OpenMeasure [N]   (N: how many opens, 0 or more; 1,000 by default)")
  exit(2)
}

/// Makes the session and runs the opens; the number of answers that were not 200.
@Sendable func run() async throws -> Int {
  let urls = ["shop://catalog/products/42", "shop://catalog"]
  let measurement = try await OpenMeasurement.make()
  // A warm-up pair: the first opens make what later ones reuse (routes' renderings, texts).
  for url in urls { _ = try await measurement.open(url) }
  var failures = 0
  for index in 0..<count where try await measurement.open(urls[index % 2]) != 200 { failures += 1 }
  return failures
}

// The main thread waits, and the process ends on it: valgrind 3.19 crashes when an async
// main ends the process from another thread.
// Written by the task before it signals, read after the wait.
nonisolated(unsafe) var outcome: Result<Int, any Error>?
let finished = DispatchSemaphore(value: 0)
Task.detached {
  do {
    outcome = .success(try await run())
  } catch {
    outcome = .failure(error)
  }
  finished.signal()
}
finished.wait()
switch outcome! {
case .success(let failures):
  print("\(count) opens, \(failures) not answered 200")
  if failures > 0 { exit(1) }
case .failure(let error):
  print("OpenMeasure: \(error)")
  exit(1)
}
