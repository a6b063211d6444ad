/// When a hierarchy's requests may run, as a value: it decides, its owner performs.
///
/// A window owns one (a navigation stack outside any window owns its own). Its owner asks
/// it what to do with each request (``admit(_:policy:)``), tells it when something that
/// must not be interleaved starts and ends (``begin(_:)``, ``end(_:)``), and asks it for
/// the next waiting command once the hierarchy is free again (``next()``). The queue never
/// runs anything itself.
///
/// ```
///           begin(a)                      end(a)
///  idle ───────────────▶ busy(a) ───────────────────▶ idle ──▶ next() drains, in order
///   ▲                      │ begin(.transition), when a is a swipe:
///   │                      ▼ its finish or cancel animates
///   └──── end(.transition) busy(.transition)
/// ```
///
/// A request that arrives while the queue is busy, or while earlier requests still wait,
/// waits behind them (``AdmitAction/enqueued``) or is refused under the
/// ``TransitionRequestPolicy/reject`` policy, so that requests never interleave and always
/// run in the order they were made.
internal struct TransitionQueue {
  /// What keeps a hierarchy from starting the next request.
  internal enum Activity: Hashable, Sendable, CaseIterable {
    /// A transition started and has not finished.
    case transition
    /// A pop guard was asked and has not answered.
    case popDecision
    /// A back swipe began and has not finished or been cancelled.
    case interactivePop
    /// A sheet swipe began and has not finished or been cancelled.
    case interactiveDismissal

    /// What the activity is, for messages.
    var phrase: String {
      switch self {
      case .transition: "a transition is in progress"
      case .popDecision: "a pop guard's decision is pending"
      case .interactivePop: "a back swipe is in progress"
      case .interactiveDismissal: "a sheet swipe is in progress"
      }
    }
  }

  private enum State: Hashable {
    case idle
    case busy(Activity)
  }

  /// What to do with a request.
  internal enum AdmitAction {
    /// Run it now: nothing runs and nothing waits.
    case runNow
    /// It waits behind the running activity and the earlier requests.
    case enqueued
    /// It is refused, for the reason the error gives; nothing changes.
    case reject(NavigationError)
  }

  // The one-byte state last, so that a stack or window can put its own one-byte fields
  // right after the queue.
  private var waiting: [Command] = []
  private var head = 0
  private var state = State.idle

  /// Creates an idle queue with nothing waiting.
  internal init() {}

  /// The activity that keeps the hierarchy busy, or `nil` when it is idle.
  internal var activity: Activity? {
    switch state {
    case .idle: nil
    case .busy(let activity): activity
    }
  }

  /// A Boolean value indicating whether an activity runs (requests waiting or not).
  @inline(__always)
  internal var isActive: Bool { state != .idle }

  /// A Boolean value indicating whether a new request must wait: an activity runs, or
  /// earlier requests wait.
  @inline(__always)
  var isBusy: Bool { state != .idle || head < waiting.count }

  /// The waiting commands' requests, oldest first.
  internal var pendingRequests: [NavigationRequest] { waiting[head...].map(\.request) }

  /// Decides what happens to a request; queues it when it must wait and may.
  ///
  /// The command is built only when the request waits or is refused, so that the common
  /// case (nothing running) builds nothing.
  ///
  /// - Parameters:
  ///   - command: The request, as a command.
  ///   - policy: What a request that cannot run now does: wait, or be refused.
  /// - Returns: What the owner does: run the request now, nothing (it waits), or report
  ///   the refusal.
  @inline(__always)
  internal mutating func admit(
    _ command: @autoclosure () -> Command, policy: TransitionRequestPolicy
  ) -> AdmitAction {
    guard isBusy else { return .runNow }
    let command = command()
    switch policy {
    case .queue:
      waiting.append(command)
      return .enqueued
    case .reject:
      let request = command.request
      let reason = activity?.phrase ?? "earlier requests are waiting"
      return .reject(
        NavigationError(
          .transitionInProgress, "Can't run \(request) while \(reason).", screens: request.screens))
    }
  }

  /// Marks an activity as started.
  ///
  /// From idle the activity starts. A swipe's finish or cancel animates, so a transition
  /// may replace a running swipe. A transition that starts while another runs, or any
  /// other activity that starts while one runs, leaves the running one in place: the
  /// hierarchy stays busy until it ends.
  ///
  /// - Parameter activity: What started.
  @inline(__always)
  internal mutating func begin(_ activity: Activity) {
    switch (state, activity) {
    case (.idle, _):
      state = .busy(activity)
    case (.busy(.interactivePop), .transition), (.busy(.interactiveDismissal), .transition):
      state = .busy(.transition)
    case (.busy, _):
      break
    }
  }

  /// Marks an activity as ended; the hierarchy is idle again if it was the running one.
  ///
  /// Ending an activity that is not the running one changes nothing.
  ///
  /// - Parameter activity: What ended.
  @inline(__always)
  internal mutating func end(_ activity: Activity) {
    if state == .busy(activity) { state = .idle }
  }

  /// The next waiting command, taken out of the queue, when the hierarchy is idle;
  /// `nil` when an activity runs or nothing waits.
  ///
  /// Owners drain with `while let command = queue.next() { execute(command) }`: a command
  /// that starts an activity stops the draining until that activity ends.
  internal mutating func next() -> Command? {
    guard state == .idle, head < waiting.count else { return nil }
    let command = waiting[head]
    head += 1
    if head == waiting.count {
      waiting.removeAll(keepingCapacity: true)
      head = 0
    }
    return command
  }
}
