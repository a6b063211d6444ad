import Navigator
import TestSupport

/// What one navigation to a state did, as its closures saw it.
final class StateNavigationRecord {
  let target: NavigationState<String>
  /// The window's state when the navigation was asked for.
  let start: NavigationState<String>
  /// Whether the window was busy when it was asked for: it waited in the queue.
  let waited: Bool
  var succeeded = 0
  var failed: [NavigationError] = []
  var completed = 0
  /// Whether the window held exactly the target when the completion ran.
  var reachedTarget: Bool?
  /// `onFailure` ran inside the call.
  var refusedAtOnce = false

  init(target: NavigationState<String>, start: NavigationState<String>, waited: Bool) {
    self.target = target
    self.start = start
    self.waited = waited
  }
}

extension NavigationWorld {
  /// The window's state, each screen keyed by its title.
  var state: NavigationState<String> { window.navigationState(keyedBy: String.self) }

  /// Keys every screen of the pool by its title and gives it a right bar button item for
  /// popovers; the navigator's provider hands out the pool's screen for a key (the engine
  /// refuses one that is still in the hierarchy).
  ///
  /// The provider refuses a screen that holds children: the target names it as a plain
  /// screen, and the engine does not take a made screen's own children away, so the window
  /// would not reach the target. (A navigation waiting in the queue may find a screen it
  /// needs holding children by the time it runs.)
  func provideScreens() {
    for screen in allScreens {
      screen.navigationKey = screen.title
      screen.navigationItem.rightBarButtonItem = BarButtonItem(title: screen.title)
    }
    navigator.provideScreens(for: String.self) {
      [unowned self] (key: String) throws(NavigationError) -> ViewController in
      guard let screen = allScreens.first(where: { $0.title == key }) else {
        throw NavigationError(.invalidRequest, "The pool has no screen \(key).")
      }
      guard screen is NavigationController || screen.children.isEmpty else {
        throw NavigationError(.invalidRequest, "\(key) holds children: it is not a plain screen.")
      }
      return screen
    }
  }

  /// Navigates to `target`, counting every outcome into a new record.
  func navigate(to target: NavigationState<String>, animated: Bool) {
    let record = StateNavigationRecord(target: target, start: state, waited: window.isBusy)
    stateNavigations.append(record)
    navigator.navigate(
      to: target,
      options: .init().animated(animated).onSuccess { _ in record.succeeded += 1 }
        .onFailure { record.failed.append($0) }.completion { [unowned self] _ in
          record.completed += 1
          record.reachedTarget = state == target
        })
    record.refusedAtOnce = !record.failed.isEmpty
  }
}

extension NavigationGenerator {
  /// A navigation to the window's state after one or two edits that need no screen but the
  /// pool's free ones: a push, a pop of some, a new top, a screen inserted below the top,
  /// the entries above the root reordered, a presentation dropped, a free screen presented
  /// at the end of the chain in any style. Every stack keeps its root.
  func navigateToDerivedState(_ rng: inout SplitMix64, _ world: NavigationWorld) -> NavigationOperation? {
    var state = world.state
    guard state.root?.key == .key("Main") else { return nil }
    // A screen that holds children is not the plain screen the target would name.
    var free = world.freeScreens.filter { world.screens[$0].children.isEmpty }.map(world.name)
    for _ in 0...rng.index(below: 2) { edit(&state, free: &free, &rng) }
    return .navigate(state, animated: rng.bool())
  }

  private func edit(_ state: inout NavigationState<String>, free: inout [String], _ rng: inout SplitMix64) {
    typealias Node = NavigationState<String>.Node
    let stacks = state.chain.filter { state[$0]?.entries != nil }
    func take() -> String? {
      guard !free.isEmpty else { return nil }
      return free.remove(at: rng.index(below: free.count))
    }
    func change(_ path: StatePath, _ body: (inout [Node]) -> Void) {
      state.update(at: path) { node in
        var entries = node.entries ?? []
        body(&entries)
        node.content = .stack(entries)
      }
    }
    guard let stack = rng.element(of: stacks), let count = state[stack]?.entries?.count else { return }
    switch rng.index(below: 7) {
    case 0:
      guard count < 6, let key = take() else { return }
      change(stack) { $0.append(.screen(key)) }
    case 1:
      guard count > 1 else { return }
      let dropped = 1 + rng.index(below: count - 1)
      change(stack) { $0.removeLast(dropped) }
    case 2:
      guard count > 1, let key = take() else { return }
      change(stack) { $0[count - 1] = .screen(key) }
    case 3:
      guard count < 6, count > 1, let key = take() else { return }
      let position = 1 + rng.index(below: count - 1)
      change(stack) { $0.insert(.screen(key), at: position) }
    case 4:
      guard count > 2 else { return }
      change(stack) { entries in
        for index in entries.indices.reversed() where index > 1 {
          entries.swapAt(index, 1 + rng.index(below: index))
        }
      }
    case 5:
      guard let path = rng.element(of: state.chain.filter { state[$0]?.presentation != nil }) else { return }
      state.update(at: path) { $0.presentation = nil }
    default:
      guard let path = state.chain.last, state.chain.count < 4, let presenter = state[path], let key = take()
      else { return }
      let style = Self.styles[rng.index(below: Self.styles.count)]
      let owners = [presenter.key] + (presenter.entries ?? []).map(\.key)
      let anchor =
        style == .popover
        ? NavigationState<String>.Anchor.barButtonItem(
          .right, index: 0, of: rng.element(of: owners)!) : nil
      state.update(at: path) { $0.presentation = .init(.screen(key), style: style, anchor: anchor) }
    }
  }
}

extension NavigationInvariants {
  /// Every navigation to a state: refused at once, it changed nothing but the journal's
  /// misuse; run within its step, it moved each stack at most once; its closures ran at
  /// most once each, never success and failure; its completion found the window at exactly
  /// the target; and once the window is idle, it ended.
  func stateNavigations(
    _ world: NavigationWorld, _ operation: NavigationOperation, before: NavigationSnapshot, eventsBefore: Int,
    errorsBefore: Int
  ) -> [String] {
    var violations: [String] = []
    if case .navigate = operation, let record = world.stateNavigations.last {
      let newEvents = Array(world.window.journal.events[eventsBefore...])
      let newErrors = Array(world.errors.errors[errorsBefore...])
      let target = record.target.sketch
      if record.refusedAtOnce {
        if newErrors != record.failed {
          violations.append(
            "refused navigate(to: \(target)): errors \(newErrors.map(\.code)), onFailure \(record.failed.map(\.code))"
          )
        }
        if newEvents != newErrors.map({ .misuse($0) }) {
          violations.append(
            "refused navigate(to: \(target)): journal gained \(newEvents), expected only the misuse")
        }
        if NavigationSnapshot(world) != before || world.state != record.start {
          violations.append("refused navigate(to: \(target)) changed the hierarchy")
        }
      } else if !record.waited, record.completed == 1 {
        var moves: [ScreenID: Int] = [:]
        for event in newEvents {
          switch event {
          case .willPush(_, let stack, _), .willPop(_, let stack, _), .willPopTo(_, let stack, _, _),
            .willPopToRoot(let stack, _, _), .willSetViewControllers(_, let stack, _):
            moves[stack, default: 0] += 1
          default: break
          }
        }
        for (stack, count) in moves where count > 1 {
          violations.append("navigate(to: \(target)) moved \(stack) \(count) times")
        }
      }
    }
    let idle = world.pendingDecision == nil && !world.window.isBusy
    for record in world.stateNavigations {
      var call: String { "navigate(to: \(record.target.sketch))" }
      if record.succeeded > 1 || record.failed.count > 1 || record.completed > 1 {
        violations.append(
          "\(call): success \(record.succeeded), failure \(record.failed.count), completion \(record.completed) times"
        )
      }
      if record.succeeded > 0, !record.failed.isEmpty {
        violations.append("\(call): both succeeded and failed (\(record.failed.map(\.code)))")
      }
      if record.completed > record.succeeded { violations.append("\(call): completed without success") }
      if record.reachedTarget == false { violations.append("\(call): completed away from its target") }
      guard idle else { continue }
      let ended =
        (record.succeeded == 1 && record.completed == 1 && record.failed.isEmpty)
        || (record.failed.count == 1 && record.completed == 0)
      if !ended {
        violations.append(
          "\(call) never ended: success \(record.succeeded), failure \(record.failed.count), completion \(record.completed)"
        )
      }
    }
    return violations
  }
}
