import Navigator
import Testing

/// Everything observable about a navigation world, to prove a misuse changed nothing.
struct NavigationSnapshot: Equatable {
  var stacks: [[ScreenID]]
  var presented: [ScreenID?]
  var appearance: [ViewController.AppearanceState]
  var hidden: Bool

  init(_ world: NavigationWorld) {
    stacks = world.navigations.map { $0.viewControllers.map(\.screenID) }
    presented = world.allScreens.map { $0.presentedViewController?.screenID }
    appearance = world.allScreens.map(\.appearanceState)
    hidden = world.window.isHidden
  }
}

/// The invariants of stacks and presentations, checked after every step.
struct NavigationInvariants {
  let replay = JournalReplay()

  func check(
    _ world: NavigationWorld, operation: NavigationOperation, before: NavigationSnapshot, eventsBefore: Int,
    errorsBefore: Int
  ) -> [String] {
    var violations = replay.consume(world.window.journal.events).map { "journal pairing: \($0)" }
    violations += structure(world)
    // While a guard's answer is pending, visibility changes wait in the queue like requests.
    if world.pendingDecision == nil { violations += appearance(world) }
    violations += popBlocks(world)
    violations += directions(world, from: eventsBefore)
    violations += misuse(
      world, operation, before: before, eventsBefore: eventsBefore, errorsBefore: errorsBefore)
    if world.scheduler?.hasPendingWork == true { violations.append("scheduler still has work") }
    if world.pendingDecision == nil, world.window.isBusy {
      violations.append("window busy with no pending decision: \(world.window.pendingRequests)")
    }
    return violations
  }

  /// Parent/children symmetry; each screen in one place; presenter/presented symmetry.
  private func structure(_ world: NavigationWorld) -> [String] {
    var violations: [String] = []
    for navigation in world.navigations {
      for (position, screen) in navigation.viewControllers.enumerated()
      where screen.parent !== navigation || screen.navigationController !== navigation {
        violations.append("\(screen.screenID) at \(position) of \(navigation.screenID) has another parent")
      }
    }
    for screen in world.allScreens {
      var places = world.navigations.count(where: { $0.viewControllers.contains { $0 === screen } })
      if world.window.rootViewController === screen { places += 1 }
      if screen.presentingViewController != nil, screen.parent == nil { places += 1 }
      if places > 1 { violations.append("\(screen.screenID) is in \(places) places") }
      if let presented = screen.presentedViewController, screen.parent == nil,
        presented.presentingViewController !== screen, presented.presentingViewController?.parent == nil
      {
        violations.append("\(screen.screenID) presents \(presented.screenID), which names another presenter")
      }
    }
    return violations
  }

  /// On screen exactly when visible: the top of each shown stack, the presented screens,
  /// and what a covering presentation does not hide.
  private func appearance(_ world: NavigationWorld) -> [String] {
    var violations: [String] = []
    var expected: [ObjectIdentifier: ViewController.AppearanceState] = [:]
    for screen in world.allScreens { expected[ObjectIdentifier(screen)] = .disappeared }
    if !world.window.isHidden {
      // Walk the presentation chain from the root; a covering style hides what is below.
      var layers: [ViewController] = [world.navigations[0]]
      var current: ViewController = world.navigations[0]
      while let presented = current.presentedViewController, presented !== current {
        let style = presented.presentationController?.adaptivePresentationStyle
        // Spec §3: covering styles make their presenter disappear; the others leave it.
        if style == .fullScreen || style == .currentContext {
          layers.removeAll { $0 === presented.presentingViewController }
        }
        layers.append(presented)
        current = presented
      }
      for layer in layers {
        expected[ObjectIdentifier(layer)] = .appeared
        if let navigation = layer as? NavigationController, let top = navigation.topViewController {
          expected[ObjectIdentifier(top)] = .appeared
        }
      }
    }
    for screen in world.allScreens {
      let wanted = expected[ObjectIdentifier(screen)] ?? .disappeared
      if screen.appearanceState != wanted {
        violations.append("\(screen.screenID) is \(screen.appearanceState), expected \(wanted)")
      }
    }
    return violations
  }

  /// A pop block runs exactly once, when its screen leaves the stack (or the stack leaves
  /// the hierarchy), and never while the screen stays: it fired iff the screen left.
  private func popBlocks(_ world: NavigationWorld) -> [String] {
    var violations: [String] = []
    for record in world.popBlocks {
      let name = record.screen.screenID
      if record.fired > 1 { violations.append("pop block of \(name) ran \(record.fired) times") }
      if record.firedBeforeTaken { violations.append("pop block of \(name) ran before its push finished") }
      if record.firedWhileStaying {
        violations.append("pop block of \(name) ran while it stayed in its stack")
      }
      guard record.taken, record.fired == 0 else { continue }
      let inStack = record.screen.parent === record.navigation
      let stackInHierarchy =
        record.navigation === world.navigations[0] || record.navigation.presentingViewController != nil
      if !inStack || !stackInHierarchy {
        violations.append("\(name) left \(record.navigation.screenID) without its pop block running")
      }
    }
    return violations
  }

  /// Moves never interleave: each will-event of a direction is followed by its did-event
  /// before the next move begins.
  private func directions(_ world: NavigationWorld, from start: Int) -> [String] {
    var open: NavigationEvent?
    var violations: [String] = []
    for event in world.window.journal.events[start...] {
      switch event {
      case .willPush, .willPop, .willPopTo, .willPopToRoot, .willSetViewControllers:
        if let open { violations.append("\(event) began while \(open) was running") }
        open = event
      case .didPush, .didPop, .didPopTo, .didPopToRoot, .didSetViewControllers:
        if open == nil { violations.append("\(event) without its will-event") }
        open = nil
      default: break
      }
    }
    if let open { violations.append("\(open) never finished") }
    return violations
  }

  private func misuse(
    _ world: NavigationWorld, _ operation: NavigationOperation, before: NavigationSnapshot, eventsBefore: Int,
    errorsBefore: Int
  ) -> [String] {
    let newEvents = Array(world.window.journal.events[eventsBefore...])
    let newErrors = Array(world.errors.errors[errorsBefore...])
    guard case .misuse(_, let code) = operation else {
      // A request that waited behind a guard's answer is checked when it runs, and may be
      // refused then; so may the later requests of a burst whose pop a guard stopped.
      let mayBeRefused: Bool
      switch operation {
      case .answerPending, .burst: mayBeRefused = true
      default: mayBeRefused = world.pendingDecision != nil || !world.window.pendingRequests.isEmpty
      }
      return newErrors.isEmpty || mayBeRefused
        ? [] : ["a valid operation was refused: \(newErrors.map(\.message))"]
    }
    var violations: [String] = []
    if newErrors.map(\.code) != [code] {
      violations.append("errors \(newErrors.map(\.code)), expected [\(code)]")
    }
    if newEvents != newErrors.map({ .misuse($0) }) {
      violations.append("journal gained \(newEvents), expected only the misuse")
    }
    if NavigationSnapshot(world) != before { violations.append("the hierarchy changed") }
    return violations
  }
}

/// Runs `steps` stack-and-presentation operations from `seed`, checking every invariant
/// after each; a failure records the seed and the whole operation list.
@discardableResult
func runNavigationOperations(
  seed: UInt64, steps: Int, manualScheduler: Bool, sourceLocation: SourceLocation = #_sourceLocation
) -> Int {
  let world = NavigationWorld(manualScheduler: manualScheduler)
  let generator = NavigationGenerator()
  let invariants = NavigationInvariants()
  var rng = SplitMix64(seed: seed)
  var operations: [NavigationOperation] = []
  _ = invariants.check(
    world, operation: .setGuardAnswer(.allow), before: NavigationSnapshot(world), eventsBefore: 0,
    errorsBefore: 0)
  for step in 0..<steps {
    let operation = generator.next(&rng, in: world)
    operations.append(operation)
    let before = NavigationSnapshot(world)
    let eventsBefore = world.window.journal.events.count
    let errorsBefore = world.errors.errors.count
    world.apply(operation)
    let violations = invariants.check(
      world, operation: operation, before: before, eventsBefore: eventsBefore, errorsBefore: errorsBefore)
    if !violations.isEmpty {
      let list = operations.enumerated().map { "  \($0.offset): \($0.element)" }
      Issue.record(
        """
        Navigation random operations failed: seed \(seed), \(manualScheduler ? "manual" : "immediate") \
        scheduler, step \(step).
        Broken:
        \(violations.map { "  - \($0)" }.joined(separator: "\n"))
        Operations:
        \(list.suffix(40).joined(separator: "\n"))
        """,
        sourceLocation: sourceLocation)
      return step + 1
    }
  }
  return steps
}
