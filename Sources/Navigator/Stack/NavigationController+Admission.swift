extension NavigationController {
  /// The window whose queue a request to this stack waits in, when that window is busy.
  ///
  /// A stack that left its window still queues behind that window's transitions: one
  /// window, one serial order of requests.
  @inline(__always)
  var busyWindow: Window? {
    // Loads only when the window is idle (the common case): nothing retained. `withWindow`
    // answers `nil` when the window is gone, else the window if busy, else `nil`.
    if let token = adoptedToken, let busy = token.withWindow({ $0.isBusy ? $0 : nil }) { return busy }
    guard let window = journalWindow, window.isBusy else { return nil }
    return window
  }

  /// A Boolean value indicating whether a request to this stack must wait (or be
  /// refused): its window is busy, or, outside any window, a move of this stack is
  /// running its callbacks.
  ///
  /// Tested before a request builds its ``Command``, so that the common case builds none.
  @inline(__always)
  var mustWait: Bool { busyWindow != nil || detachedQueue.isBusy }

  /// Queues a request that must wait behind its window's running activity and waiting
  /// requests (outside any window, behind a running move of this stack), or refuses it
  /// under ``transitionRequestPolicy``.
  @inline(never)
  func wait(_ command: Command) {
    if let window = busyWindow {
      _ = window.admit(command, policy: transitionRequestPolicy)
      return
    }
    switch detachedQueue.admit(command, policy: transitionRequestPolicy ?? .queue) {
    case .runNow:
      command.execute()
    case .enqueued:
      break
    case .reject(let error):
      Misuse.handle(error, in: journalWindow)
    }
  }

  /// Runs a planned move: the will-events and the structure change now, the callbacks
  /// under the window's scheduler (outside any window, at once).
  ///
  /// One path for every move and every scheduler: the plan was computed before anything
  /// changed; the window (or, outside any window, this stack's own queue) is busy from the
  /// first will-event on, so requests made from any callback wait for the move to finish.
  ///
  /// Each case runs out of line: the immediate scheduler's in ``runNow(_:in:outgoing:incoming:)``,
  /// which borrows the caller's references; a manual scheduler's moves and moves outside any
  /// window apart, so that the copies they need (a scheduled move keeps its objects) stay out
  /// of the immediate path. A window's scheduler never changes, so choosing the path first
  /// changes no order.
  @inline(always)
  func run(_ plan: StackPlan, window: Window?, outgoing: ViewController?, incoming: ViewController) {
    guard let window else {
      runOutsideWindow(plan, outgoing: outgoing, incoming: incoming)
      return
    }
    guard window.scheduler.isImmediate else {
      runScheduled(plan, in: window, outgoing: outgoing, incoming: incoming)
      return
    }
    runNow(plan, in: window, outgoing: outgoing, incoming: incoming)
  }

  /// Runs a move under the immediate scheduler: the immediate scheduler's case of
  /// ``Window/schedule(_:)``, written out so that the phases inline here.
  ///
  /// Out of line, so that the window and both tops are borrowed parameters for the whole
  /// move: inlined into each `perform…` step, the compiler retained them again around the
  /// phases (Benchmarks/README.md, "Borrowed objects in a move").
  @inline(never)
  func runNow(_ plan: StackPlan, in window: Window, outgoing: ViewController?, incoming: ViewController) {
    window.queue.begin(.transition)
    do {
      // Released before the waiting requests run: their moves load the delegate again.
      let delegate = MoveDelegate(move: self)
      plan.apply(on: self, window: window, outgoing: outgoing, incoming: incoming, delegate: delegate)
      plan.willPhase(on: self, window: window, outgoing: outgoing, incoming: incoming, delegate: delegate)
      plan.didPhase(on: self, window: window, outgoing: outgoing, incoming: incoming, delegate: delegate)
    }
    window.transitionDidFinish()
  }

  /// Runs a move under a manual scheduler: the will-events and the structure change now, the
  /// callbacks at the stops the test chooses, from a ``ScheduledStackMove`` that keeps the
  /// objects it moves until then.
  @inline(never)
  func runScheduled(_ plan: StackPlan, in window: Window, outgoing: ViewController?, incoming: ViewController)
  {
    window.queue.begin(.transition)
    plan.apply(
      on: self, window: window, outgoing: outgoing, incoming: incoming, delegate: MoveDelegate(move: self))
    window.schedule(
      ScheduledStackMove(navigation: self, plan: plan, window: window, outgoing: outgoing, incoming: incoming)
    )
  }

  /// Runs a move of a stack outside any window, at once, with this stack's own queue busy.
  @inline(never)
  func runOutsideWindow(_ plan: StackPlan, outgoing: ViewController?, incoming: ViewController) {
    detachedQueue.begin(.transition)
    do {
      let delegate = MoveDelegate(move: self)
      plan.apply(on: self, window: nil, outgoing: outgoing, incoming: incoming, delegate: delegate)
      plan.willPhase(on: self, window: nil, outgoing: outgoing, incoming: incoming, delegate: delegate)
      plan.didPhase(on: self, window: nil, outgoing: outgoing, incoming: incoming, delegate: delegate)
    }
    detachedQueue.end(.transition)
    drainDetachedQueue()
  }

  /// Runs the requests made during a move outside any window, in order, until one starts
  /// another move.
  ///
  /// Never inlined: it runs commands, which run moves, and a move must not inline a call
  /// back into itself.
  @inline(never)
  func drainDetachedQueue() {
    while let command = detachedQueue.next() { command.execute() }
  }
}
