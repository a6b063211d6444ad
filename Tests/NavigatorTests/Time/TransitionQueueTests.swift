import TestSupport
import Testing

@testable import Navigator

/// The transition queue's state machine, every state against every input, as a table (as
/// the appearance state machine's own tests are).
///
/// A state is written `activity+waiting`: `idle+0`, `transition+1`, … An input is one of
/// the queue's methods. Each row states the state and output it must lead to.
@Suite struct TransitionQueueTests {
  /// The states a queue can be in, with no request or one request waiting.
  enum Start: String, CaseIterable, CustomTestStringConvertible {
    case idle0 = "idle+0"
    case idle1 = "idle+1"
    case transition0 = "transition+0"
    case transition1 = "transition+1"
    case popDecision0 = "popDecision+0"
    case popDecision1 = "popDecision+1"
    case interactivePop0 = "interactivePop+0"
    case interactivePop1 = "interactivePop+1"
    case interactiveDismissal0 = "interactiveDismissal+0"
    case interactiveDismissal1 = "interactiveDismissal+1"

    var testDescription: String { rawValue }
  }

  /// The queue's inputs.
  enum Input: Hashable, CustomTestStringConvertible {
    case admitQueued
    case admitRejected
    case begin(TransitionQueue.Activity)
    case end(TransitionQueue.Activity)
    case next

    var testDescription: String {
      switch self {
      case .admitQueued: "admit(.queue)"
      case .admitRejected: "admit(.reject)"
      case .begin(let activity): "begin(.\(activity))"
      case .end(let activity): "end(.\(activity))"
      case .next: "next()"
      }
    }

    static let all: [Input] =
      [.admitQueued, .admitRejected, .next]
      + TransitionQueue.Activity.allCases.flatMap { [Input.begin($0), .end($0)] }
  }

  /// What an input returns: an admission, the command `next()` hands out, or nothing.
  enum Output: Equatable {
    case runNow, enqueued, rejected(String), command, none
  }

  /// The expected state and output for every state and input, written out.
  static let table: [Start: [Input: (String, Output)]] = [
    .idle0: [
      .admitQueued: ("idle+0", .runNow),
      .admitRejected: ("idle+0", .runNow),
      .next: ("idle+0", .none),
      .begin(.transition): ("transition+0", .none),
      .begin(.popDecision): ("popDecision+0", .none),
      .begin(.interactivePop): ("interactivePop+0", .none),
      .begin(.interactiveDismissal): ("interactiveDismissal+0", .none),
      .end(.transition): ("idle+0", .none),
      .end(.popDecision): ("idle+0", .none),
      .end(.interactivePop): ("idle+0", .none),
      .end(.interactiveDismissal): ("idle+0", .none),
    ],
    .idle1: [
      .admitQueued: ("idle+2", .enqueued),
      .admitRejected: ("idle+1", .rejected("earlier requests are waiting")),
      .next: ("idle+0", .command),
      .begin(.transition): ("transition+1", .none),
      .begin(.popDecision): ("popDecision+1", .none),
      .begin(.interactivePop): ("interactivePop+1", .none),
      .begin(.interactiveDismissal): ("interactiveDismissal+1", .none),
      .end(.transition): ("idle+1", .none),
      .end(.popDecision): ("idle+1", .none),
      .end(.interactivePop): ("idle+1", .none),
      .end(.interactiveDismissal): ("idle+1", .none),
    ],
    .transition0: [
      .admitQueued: ("transition+1", .enqueued),
      .admitRejected: ("transition+0", .rejected("a transition is in progress")),
      .next: ("transition+0", .none),
      .begin(.transition): ("transition+0", .none),
      .begin(.popDecision): ("transition+0", .none),
      .begin(.interactivePop): ("transition+0", .none),
      .begin(.interactiveDismissal): ("transition+0", .none),
      .end(.transition): ("idle+0", .none),
      .end(.popDecision): ("transition+0", .none),
      .end(.interactivePop): ("transition+0", .none),
      .end(.interactiveDismissal): ("transition+0", .none),
    ],
    .transition1: [
      .admitQueued: ("transition+2", .enqueued),
      .admitRejected: ("transition+1", .rejected("a transition is in progress")),
      .next: ("transition+1", .none),
      .begin(.transition): ("transition+1", .none),
      .begin(.popDecision): ("transition+1", .none),
      .begin(.interactivePop): ("transition+1", .none),
      .begin(.interactiveDismissal): ("transition+1", .none),
      .end(.transition): ("idle+1", .none),
      .end(.popDecision): ("transition+1", .none),
      .end(.interactivePop): ("transition+1", .none),
      .end(.interactiveDismissal): ("transition+1", .none),
    ],
    .popDecision0: [
      .admitQueued: ("popDecision+1", .enqueued),
      .admitRejected: ("popDecision+0", .rejected("a pop guard's decision is pending")),
      .next: ("popDecision+0", .none),
      .begin(.transition): ("popDecision+0", .none),
      .begin(.popDecision): ("popDecision+0", .none),
      .begin(.interactivePop): ("popDecision+0", .none),
      .begin(.interactiveDismissal): ("popDecision+0", .none),
      .end(.transition): ("popDecision+0", .none),
      .end(.popDecision): ("idle+0", .none),
      .end(.interactivePop): ("popDecision+0", .none),
      .end(.interactiveDismissal): ("popDecision+0", .none),
    ],
    .popDecision1: [
      .admitQueued: ("popDecision+2", .enqueued),
      .admitRejected: ("popDecision+1", .rejected("a pop guard's decision is pending")),
      .next: ("popDecision+1", .none),
      .begin(.transition): ("popDecision+1", .none),
      .begin(.popDecision): ("popDecision+1", .none),
      .begin(.interactivePop): ("popDecision+1", .none),
      .begin(.interactiveDismissal): ("popDecision+1", .none),
      .end(.transition): ("popDecision+1", .none),
      .end(.popDecision): ("idle+1", .none),
      .end(.interactivePop): ("popDecision+1", .none),
      .end(.interactiveDismissal): ("popDecision+1", .none),
    ],
    .interactivePop0: [
      .admitQueued: ("interactivePop+1", .enqueued),
      .admitRejected: ("interactivePop+0", .rejected("a back swipe is in progress")),
      .next: ("interactivePop+0", .none),
      .begin(.transition): ("transition+0", .none),
      .begin(.popDecision): ("interactivePop+0", .none),
      .begin(.interactivePop): ("interactivePop+0", .none),
      .begin(.interactiveDismissal): ("interactivePop+0", .none),
      .end(.transition): ("interactivePop+0", .none),
      .end(.popDecision): ("interactivePop+0", .none),
      .end(.interactivePop): ("idle+0", .none),
      .end(.interactiveDismissal): ("interactivePop+0", .none),
    ],
    .interactivePop1: [
      .admitQueued: ("interactivePop+2", .enqueued),
      .admitRejected: ("interactivePop+1", .rejected("a back swipe is in progress")),
      .next: ("interactivePop+1", .none),
      .begin(.transition): ("transition+1", .none),
      .begin(.popDecision): ("interactivePop+1", .none),
      .begin(.interactivePop): ("interactivePop+1", .none),
      .begin(.interactiveDismissal): ("interactivePop+1", .none),
      .end(.transition): ("interactivePop+1", .none),
      .end(.popDecision): ("interactivePop+1", .none),
      .end(.interactivePop): ("idle+1", .none),
      .end(.interactiveDismissal): ("interactivePop+1", .none),
    ],
    .interactiveDismissal0: [
      .admitQueued: ("interactiveDismissal+1", .enqueued),
      .admitRejected: ("interactiveDismissal+0", .rejected("a sheet swipe is in progress")),
      .next: ("interactiveDismissal+0", .none),
      .begin(.transition): ("transition+0", .none),
      .begin(.popDecision): ("interactiveDismissal+0", .none),
      .begin(.interactivePop): ("interactiveDismissal+0", .none),
      .begin(.interactiveDismissal): ("interactiveDismissal+0", .none),
      .end(.transition): ("interactiveDismissal+0", .none),
      .end(.popDecision): ("interactiveDismissal+0", .none),
      .end(.interactivePop): ("interactiveDismissal+0", .none),
      .end(.interactiveDismissal): ("idle+0", .none),
    ],
    .interactiveDismissal1: [
      .admitQueued: ("interactiveDismissal+2", .enqueued),
      .admitRejected: ("interactiveDismissal+1", .rejected("a sheet swipe is in progress")),
      .next: ("interactiveDismissal+1", .none),
      .begin(.transition): ("transition+1", .none),
      .begin(.popDecision): ("interactiveDismissal+1", .none),
      .begin(.interactivePop): ("interactiveDismissal+1", .none),
      .begin(.interactiveDismissal): ("interactiveDismissal+1", .none),
      .end(.transition): ("interactiveDismissal+1", .none),
      .end(.popDecision): ("interactiveDismissal+1", .none),
      .end(.interactivePop): ("interactiveDismissal+1", .none),
      .end(.interactiveDismissal): ("idle+1", .none),
    ],
  ]

  /// The stacks the test commands name.
  private let first = NavigationController(rootViewController: Screen("First"))
  private let second = NavigationController(rootViewController: Screen("Second"))

  /// A queue in the given state; its waiting command, if any, pops `first`.
  private func queue(in start: Start) -> TransitionQueue {
    var queue = TransitionQueue()
    let parts = start.rawValue.split(separator: "+")
    if parts[1] == "1" {
      queue.begin(.transition)
      _ = queue.admit(.backButton(first), policy: .queue)
      queue.end(.transition)
    }
    if let activity = TransitionQueue.Activity.allCases.first(where: { "\($0)" == parts[0] }) {
      queue.begin(activity)
    }
    #expect(describe(queue) == start.rawValue, "setting up \(start.rawValue)")
    return queue
  }

  private func describe(_ queue: TransitionQueue) -> String {
    "\(queue.activity.map { "\($0)" } ?? "idle")+\(queue.pendingRequests.count)"
  }

  @Test func theTableCoversEveryStateAndEveryInput() {
    #expect(Set(Self.table.keys) == Set(Start.allCases))
    for start in Start.allCases {
      #expect(Set(Self.table[start]?.keys.map { $0 } ?? []) == Set(Input.all), "\(start.rawValue)")
    }
  }

  @Test(arguments: Start.allCases, Input.all)
  func everyStateAndInput(start: Start, input: Input) throws {
    let (expectedState, expectedOutput) = try #require(Self.table[start]?[input])
    var queue = queue(in: start)
    let output: Output
    switch input {
    case .admitQueued, .admitRejected:
      switch queue.admit(.backButton(second), policy: input == .admitQueued ? .queue : .reject) {
      case .runNow: output = .runNow
      case .enqueued: output = .enqueued
      case .reject(let error):
        #expect(error.code == .transitionInProgress)
        #expect(error.screens == [second.screenID])
        let prefix = "Can't run \(NavigationRequest.pop(from: second.screenID, animated: true)) while "
        #expect(error.message.hasPrefix(prefix) && error.message.hasSuffix("."))
        output = .rejected(String(error.message.dropFirst(prefix.count).dropLast()))
      }
    case .begin(let activity):
      queue.begin(activity)
      output = .none
    case .end(let activity):
      queue.end(activity)
      output = .none
    case .next:
      if let command = queue.next() {
        #expect(command.request == .pop(from: first.screenID, animated: true))
        output = .command
      } else {
        output = .none
      }
    }
    #expect(describe(queue) == expectedState)
    #expect(output == expectedOutput)
  }

  @Test func waitingRequestsComeOutInTheOrderTheyCameIn() {
    var queue = TransitionQueue()
    queue.begin(.transition)
    _ = queue.admit(.backButton(first), policy: .queue)
    _ = queue.admit(
      .popToRoot(second, animated: false, ignoringPopGuard: false, completion: nil), policy: .queue)
    #expect(
      queue.pendingRequests == [
        .pop(from: first.screenID, animated: true), .popToRoot(in: second.screenID, animated: false),
      ])
    #expect(queue.next() == nil)
    queue.end(.transition)
    #expect(queue.next()?.request == .pop(from: first.screenID, animated: true))
    queue.begin(.transition)
    #expect(queue.next() == nil)
    queue.end(.transition)
    #expect(queue.next()?.request == .popToRoot(in: second.screenID, animated: false))
    #expect(queue.next() == nil)
    #expect(!queue.isBusy)
  }

  @Test func aRequestThatRunsNowBuildsNoCommand() {
    var queue = TransitionQueue()
    var built = 0
    func command() -> Command {
      built += 1
      return .backButton(first)
    }
    guard case .runNow = queue.admit(command(), policy: .queue) else {
      Issue.record("an idle queue must run the request now")
      return
    }
    #expect(built == 0)
    queue.begin(.transition)
    guard case .enqueued = queue.admit(command(), policy: .queue) else {
      Issue.record("a busy queue must queue the request")
      return
    }
    #expect(built == 1)
  }
}
