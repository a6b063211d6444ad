import AppFlow
import Navigator
import ShopApp

/// A session's timeline as the inspector shows it: the inputs of its log, oldest first, and
/// the tree after one of them, made by replaying the log on a fresh app controller.
struct SessionTimeline: Sendable {
  /// The state after one step of the timeline, or where its replay stopped.
  struct Step: Sendable {
    /// How many of the log's inputs were replayed: 0 for the log's start.
    var index: Int
    /// The replayed window's root; `nil` when it shows no screen (a fresh app controller,
    /// before its `start`).
    var root: ScreenNode?
    /// Why the replay stopped before `index`, with the divergence it found; `nil` when it
    /// replayed every input up to `index`. The tree is then the state where it stopped.
    var failure: String?
  }

  /// The log's inputs, oldest first, as text (`open(shop://cart)`).
  var inputs: [String]
  /// A Boolean value indicating whether the log starts from a snapshot (the state when the
  /// log was started again at its bound, or when the session was restored); otherwise from
  /// a fresh app controller.
  var startsFromSnapshot: Bool
  /// The most inputs the log keeps after its start.
  var limit: Int
  /// The step shown, when one was asked for.
  var step: Step?
}

extension SessionTimeline {
  /// The timeline of `log`, replaying its first `step` inputs when `step` is given.
  ///
  /// - Parameters:
  ///   - log: The session's log.
  ///   - limit: The most inputs the log keeps after its start.
  ///   - step: How many inputs to replay, from 0 to the log's count; `nil` for none.
  ///   - id: The session's identifier, for the replayed state.
  /// - Precondition: `step`, when given, is from 0 to `log.steps.count`.
  init(log: SessionLog, limit: Int, step: Int?, id: SessionID) {
    inputs = log.inputs.map(\.description)
    startsFromSnapshot = log.start != nil
    self.limit = limit
    self.step = step.map { Self.replayed(log, through: $0, id: id) }
  }

  /// Replays the log's first `count` inputs from its start on a fresh shop app controller.
  ///
  /// - Parameters:
  ///   - log: The log.
  ///   - count: How many inputs to replay.
  ///   - id: The session's identifier, for the replayed state.
  /// - Returns: The replayed state, and the replay's error when it stopped early.
  static func replayed(_ log: SessionLog, through count: Int, id: SessionID) -> Step {
    precondition((0...log.steps.count).contains(count), "A timeline's step is one of its log's.")
    let app: AppController
    do {
      app = try ShopApp.makeApp()
    } catch {
      return Step(index: count, root: nil, failure: "The shop's app controller can't be made: \(error)")
    }
    let prefix = SessionLog(start: log.start, steps: Array(log.steps.prefix(count)))
    var failure: String?
    do {
      try prefix.replay(into: app)
    } catch {
      failure = error.message
    }
    return Step(index: count, root: SessionRendering.state(of: app, id: id).root, failure: failure)
  }

  /// The step a `?step=` query asks for: a whole number from 0 to `count`.
  ///
  /// - Parameters:
  ///   - text: The query's value.
  ///   - count: The number of inputs in the log.
  /// - Returns: The step.
  /// - Throws: 400 `invalidStep` naming the range.
  static func step(_ text: String, count: Int) throws(ServiceError) -> Int {
    guard let step = Int(text), (0...count).contains(step) else {
      throw ServiceError(
        status: 400, code: "invalidStep",
        message: "The step '\(text)' is not a whole number from 0 to \(count), the log's inputs.")
    }
    return step
  }
}
