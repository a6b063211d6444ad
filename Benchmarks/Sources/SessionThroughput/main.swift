// Navigation operations per second through a SessionHost (issue "sessions"): 10,000 sessions,
// each an app controller with its root on screen, driven concurrently from tasks through the
// host's public API (`withSession`). Each call runs a batch of operations inside the session:
// a cycle of four (push with the navigator, present a page sheet with the navigator, dismiss
// it, pop with the navigator), repeated `batch / 4` times, so every call leaves its session
// as it found it. Operations per second = calls × batch / wall-clock seconds.
//
//   swift run -c release --package-path Benchmarks SessionThroughput [sessions] [tasks] [seconds] [navigator|engine]
//
// It prints one line per batch size (4, 16, 64 operations a call), then checks every
// session: its stack is the root alone, nothing is presented, and it took the calls it was
// given.
import AppFlow
import Navigator
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

final class Screen: ViewController {}

let sessions = Int(CommandLine.arguments.dropFirst().first ?? "10000")!
let tasks = Int(CommandLine.arguments.dropFirst(2).first ?? "64")!
let seconds = Double(CommandLine.arguments.dropFirst(3).first ?? "2")!

/// `navigator` (the default) goes through the app's navigator; `engine` calls the navigation
/// controller and the screens directly (`pushViewController`, `present`, `dismiss`,
/// `popViewController`), as a service's own handlers may.
let mode = CommandLine.arguments.dropFirst(4).first ?? "navigator"

/// One cycle of four operations; the session ends where it started.
func cycle(_ app: AppController) {
  if mode == "engine" {
    let navigation = app.rootNavigationController!
    navigation.pushViewController(Screen(), animated: false)
    let sheet = Screen()
    sheet.modalPresentationStyle = .pageSheet
    navigation.topViewController!.present(sheet, animated: false)
    sheet.dismiss(animated: false)
    navigation.popViewController(animated: false)
    return
  }
  let navigator = app.navigator
  let options = NavigationOptions<Screen>().animated(false)
  navigator.push(.instance(Screen()), options: options)
  let sheet = navigator.presentModal(.instance(Screen()), style: .pageSheet, options: options)
  sheet?.dismiss(animated: false)
  navigator.pop(options: NavigationOptions<ViewController>().animated(false))
}

let host = SessionHost(codec: SessionCodec(snapshot: { _ in [] }, restore: { _, _ in })) {
  AppController(window: Window(misusePolicy: .report)) { Screen() }
}
var ids: [SessionID] = []
ids.reserveCapacity(sessions)
for index in 0..<sessions {
  ids.append(try await host.create(SessionID("session-\(index)")))
}
let sessionIDs = ids

func now() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// Drives every session from `tasks` tasks for about `seconds`, `batch` operations a call.
func run(batch: Int) async throws -> (calls: Int, elapsed: Double) {
  let deadline = now() + seconds
  let start = now()
  let calls = try await withThrowingTaskGroup(of: Int.self) { group in
    for task in 0..<tasks {
      group.addTask {
        var calls = 0
        var index = task * (sessionIDs.count / tasks)
        while true {
          // Check the clock every 64 calls, so that reading it costs nothing measurable.
          for _ in 0..<64 {
            try await host.withSession(sessionIDs[index]) { app in
              for _ in 0..<(batch / 4) { cycle(app) }
            }
            index = (index + 1) % sessionIDs.count
            calls += 1
          }
          if now() >= deadline { return calls }
        }
      }
    }
    return try await group.reduce(0, +)
  }
  return (calls, now() - start)
}

_ = try await run(batch: 4)  // warm-up
for batch in [4, 16, 64] {
  let (calls, elapsed) = try await run(batch: batch)
  let operations = Double(calls * batch) / elapsed
  print(
    "\(mode): \(sessions) sessions, \(tasks) tasks, \(batch) operations a call: "
      + "\(Int(operations)) operations/s (\(Int(Double(calls) / elapsed)) calls/s)")
}

// Every session is back at its root with nothing presented.
for id in sessionIDs {
  let clean = try await host.withSession(id) { app in
    app.rootNavigationController?.viewControllers.count == 1
      && app.rootNavigationController?.presentedViewController == nil
  }
  precondition(clean, "\(id) did not end at its root")
}
print("checked \(sessionIDs.count) sessions: each at its root, nothing presented")
