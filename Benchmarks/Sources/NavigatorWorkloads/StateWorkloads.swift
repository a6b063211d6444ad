import Navigator

/// The keys of the state workloads: a letter for each screen of the navigation, and a
/// numbered item for the long stacks that are read.
public enum StateKey: Hashable, Sendable {
  case a, b, c, d, e, f, g, h, i, j, k
  case item(Int)

  /// The screen's name, for its callbacks (a constant string: no formatting).
  var name: String {
    switch self {
    case .a: "A"
    case .b: "B"
    case .c: "C"
    case .d: "D"
    case .e: "E"
    case .f: "F"
    case .g: "G"
    case .h: "H"
    case .i: "I"
    case .j: "J"
    case .k: "K"
    case .item: "item"
    }
  }
}

/// Navigation to a state (issue "state"): from a three-screen stack to a nested target
/// and back, with a navigator whose provider makes a ``ModelScreen`` for each key.
///
/// - start: the window's root is a plain `NavigationController` holding A, B, C;
/// - target: the root stack holds A…F (three more), and presents a page sheet holding a
///   plain `NavigationController` with G, H, I, which presents, full screen, a plain
///   `NavigationController` with J, K: ten new screens (D, E, F, the sheet's stack and its
///   three, the full-screen stack and its two).
///
/// The window is `Window()` (immediate scheduler, journal off, trap on misuse), visible;
/// every navigation is `navigate(to:options: .init().animated(false))`.
public final class StateNavigateWorkload {
  typealias State = NavigationState<StateKey>

  /// The callbacks the screens received.
  public let tally = Tally()
  /// The number of screens the provider made.
  public private(set) var made = 0
  let window: Window
  let navigator: Navigator
  /// The three-screen stack.
  let start: State
  /// The ten-step nested target.
  let target: State
  let options = StateNavigationOptions<StateKey>().animated(false)

  /// Builds the window, shows it, and navigates to the start (not measured).
  public init() {
    window = Window()
    navigator = Navigator(window: window)
    start = State(root: .stack([.screen(.a), .screen(.b), .screen(.c)]))
    let full = State.Node.stack([.screen(.j), .screen(.k)])
    let sheet = State.Node.stack([.screen(.g), .screen(.h), .screen(.i)], presenting: .fullScreen(full))
    target = State(
      root: .stack(
        [.screen(.a), .screen(.b), .screen(.c), .screen(.d), .screen(.e), .screen(.f)],
        presenting: .sheet(sheet)))
    let tally = tally
    navigator.provideScreens(for: StateKey.self) { [unowned self] key in
      made &+= 1
      return ModelScreen(key.name, tally: tally)
    }
    window.makeKeyAndVisible()
    navigator.navigate(to: start, options: options)
  }

  /// The start and the target, one line each: `NavigationController[A, B] > pageSheet …`.
  public var states: (start: String, target: String) { (describe(start), describe(target)) }

  /// The plan from the window's state to the target, one step per line.
  public var planToTarget: [String] {
    let plan = try! navigator.plan(to: target)
    return plan.steps.map { step in
      switch step {
      case .setStack(let path, let entries):
        "set the stack of \(path) to [\(entries.map(describe).joined(separator: ", "))]"
      case .push(let node, let path): "push \(describe(node)) onto \(path)"
      case .present(let node, let path, let style): "present \(describe(node)) from \(path) as \(style)"
      case .dismiss(let path): "dismiss what \(path) presents"
      case .popTo(let path): "pop to \(path)"
      default: "\(step)"
      }
    }
  }

  func describe(_ state: State) -> String { state.root.map(describe) ?? "(no root)" }

  func describe(_ node: State.Node) -> String {
    var text = node.key.key?.name ?? "\(node.key)"
    if let entries = node.entries { text += "[" + entries.map(describe).joined(separator: ", ") + "]" }
    if let presentation = node.presentation {
      text += " > \(presentation.style) " + describe(presentation.screen)
    }
    return text
  }

  /// Runs one round trip and checks it: the plan has its three steps, the window reaches
  /// the target and the start again, ten screens are made (eight by the provider, the two
  /// plain navigation controllers by the navigator), and A, B, C stay the same instances.
  ///
  /// - Returns: What went wrong; empty when nothing did.
  public func check() -> [String] {
    var problems: [String] = []
    let stack = { self.window.rootViewController?.children.map(ObjectIdentifier.init) ?? [] }
    if state != start { problems.append("the window is not at the start: \(describe(state))") }
    let steps = (try? navigator.plan(to: target))?.steps ?? []
    let expected: [NavigationPlan<StateKey>.Step] = [
      .setStack(.root, to: target.root!.entries!),
      .present(target.root!.presentation!.screen.withoutPresentation, from: .root, style: .pageSheet),
      .present(target.root!.presentation!.screen.presentation!.screen, from: .presented, style: .fullScreen),
    ]
    if steps != expected { problems.append("the plan is not the expected three steps: \(planToTarget)") }
    let before = stack()
    let madeBefore = made
    toTarget()
    if state != target { problems.append("the navigation did not reach the target: \(describe(state))") }
    if made - madeBefore != 8 { problems.append("the provider made \(made - madeBefore) screens, not 8") }
    let screens = window.rootViewController.map(count) ?? 0
    if screens != 14 { problems.append("the window holds \(screens) screens, not 14") }
    if Array(stack().prefix(3)) != before { problems.append("A, B, C were made again") }
    back()
    if state != start { problems.append("the navigation back did not reach the start: \(describe(state))") }
    if stack() != before { problems.append("A, B, C were made again on the way back") }
    if window.rootViewController?.presentedViewController != nil {
      problems.append("the sheet is still presented")
    }
    return problems
  }

  /// The window's state.
  var state: State { window.navigationState(keyedBy: StateKey.self) }

  /// The number of screens in `screen`'s subtree: its children and what it presents.
  private func count(_ screen: ViewController) -> Int {
    let presented = screen.presentedViewController.flatMap {
      $0.presentingViewController === screen ? $0 : nil
    }
    return 1 + screen.children.reduce(0) { $0 + count($1) } + (presented.map(count) ?? 0)
  }

  /// Navigates from ``start`` to ``target``. Not inlined, so that a profile shows it apart.
  @inline(never)
  public func toTarget() {
    navigator.navigate(to: target, options: options)
  }

  /// Navigates from ``target`` back to ``start``: one dismissal and one pop; the ten
  /// screens are released. Not inlined, so that a profile shows it apart.
  @inline(never)
  public func back() {
    navigator.navigate(to: start, options: options)
  }

  /// Navigates to the target and back, `iterations` times.
  public func roundTrips(_ iterations: Int) {
    for _ in 0..<iterations {
      toTarget()
      back()
    }
  }

  /// Plans the way from the window's state to ``target``, `iterations` times; changes
  /// nothing. Returns the steps of the last plan.
  @discardableResult
  public func plans(_ iterations: Int) -> Int {
    var steps = 0
    for _ in 0..<iterations {
      steps = try! navigator.plan(to: target).steps.count
    }
    return steps
  }
}

/// Reading a window's state: a visible window whose root is a `NavigationController`
/// holding `count` screens, each with a ``StateKey/item(_:)`` key.
public final class StateReadWorkload {
  /// The number of screens in the stack (its root included).
  public let count: Int
  let window: Window

  /// Builds the stack and shows it (not measured).
  public init(count: Int) {
    precondition(count > 0)
    self.count = count
    window = Window()
    let tally = Tally()
    let screens = (0..<count).map { index in
      let screen = ModelScreen("item", tally: tally)
      screen.navigationKey = StateKey.item(index)
      return screen
    }
    let navigation = NavigationController()
    navigation.setViewControllers(screens, animated: false)
    window.rootViewController = navigation
    window.makeKeyAndVisible()
  }

  /// Reads the window's state `iterations` times (each state is released before the next
  /// read); returns the screen count of the last one.
  @discardableResult
  public func read(_ iterations: Int) -> Int {
    var screens = 0
    for _ in 0..<iterations {
      screens = window.navigationState(keyedBy: StateKey.self).root?.entries?.count ?? 0
    }
    return screens
  }
}

extension NavigationState<StateKey>.Node {
  /// This node without its presentation (its entries have none in the workload's target).
  fileprivate var withoutPresentation: Self {
    var node = self
    node.presentation = nil
    return node
  }
}

/// Navigation between two states of one stack (issue "speed"): from `[A, B, C]` to a
/// ten-screen stack that shares `[A, B]` (`[A, B, D, E, F, G, H, I, J, K]`), and back. Each
/// way is one `setViewControllers`: eight screens made and pushed, or eight popped and `C`
/// made again.
///
/// The window is `Window()` (immediate scheduler, journal off, trap on misuse), visible;
/// every navigation is `navigate(to:options: .init().animated(false))`.
public final class StackStateWorkload {
  typealias State = NavigationState<StateKey>

  /// The callbacks the screens received.
  public let tally = Tally()
  /// The number of screens the provider made.
  public private(set) var made = 0
  let window: Window
  let navigator: Navigator
  /// The three-screen stack.
  let start: State
  /// The ten-screen stack.
  let ten: State
  let options = StateNavigationOptions<StateKey>().animated(false)

  /// Builds the window, shows it, and navigates to the start (not measured).
  public init() {
    window = Window()
    navigator = Navigator(window: window)
    start = State(root: .stack([.screen(.a), .screen(.b), .screen(.c)]))
    let keys: [StateKey] = [.a, .b, .d, .e, .f, .g, .h, .i, .j, .k]
    ten = State(root: .stack(keys.map { .screen($0) }))
    let tally = tally
    navigator.provideScreens(for: StateKey.self) { [unowned self] key in
      made &+= 1
      return ModelScreen(key.name, tally: tally)
    }
    window.makeKeyAndVisible()
    navigator.navigate(to: start, options: options)
  }

  /// The window's state.
  var state: State { window.navigationState(keyedBy: StateKey.self) }

  /// The screens of the window's root stack, by identity.
  private var stack: [ObjectIdentifier] {
    window.rootViewController?.children.map(ObjectIdentifier.init) ?? []
  }

  /// Runs one round trip and checks it: each plan is one `setViewControllers` to the other
  /// state's entries, the window reaches the ten-screen stack and the start again, the
  /// provider makes eight screens one way and one the other, and A and B stay the same
  /// instances.
  ///
  /// - Returns: What went wrong; empty when nothing did.
  public func check() -> [String] {
    var problems: [String] = []
    if state != start { problems.append("the window is not at the start") }
    let toTen = (try? navigator.plan(to: ten))
    if toTen?.steps != [.setStack(.root, to: ten.root!.entries!)] {
      problems.append(
        "the plan to the ten-screen stack is not one setStack: \(toTen.map { "\($0)" } ?? "nil")")
    }
    if toTen?.from != start || toTen?.to != ten { problems.append("the plan to ten names the wrong states") }
    let before = stack
    var madeBefore = made
    toTenScreens()
    if state != ten { problems.append("the navigation did not reach the ten-screen stack") }
    if made - madeBefore != 8 { problems.append("the provider made \(made - madeBefore) screens, not 8") }
    if Array(stack.prefix(2)) != Array(before.prefix(2)) { problems.append("A, B were made again") }
    let back = (try? navigator.plan(to: start))
    if back?.steps != [.setStack(.root, to: start.root!.entries!)] {
      problems.append("the plan back is not one setStack: \(back.map { "\($0)" } ?? "nil")")
    }
    if back?.from != ten || back?.to != start { problems.append("the plan back names the wrong states") }
    madeBefore = made
    backToStart()
    if state != start { problems.append("the navigation back did not reach the start") }
    if made - madeBefore != 1 {
      problems.append("the provider made \(made - madeBefore) screens back, not 1")
    }
    if Array(stack.prefix(2)) != Array(before.prefix(2)) {
      problems.append("A, B were made again on the way back")
    }
    return problems
  }

  /// Navigates from the start to the ten-screen stack. Not inlined, so that a profile shows
  /// it apart.
  @inline(never)
  public func toTenScreens() {
    navigator.navigate(to: ten, options: options)
  }

  /// Navigates from the ten-screen stack back to the start. Not inlined, so that a profile
  /// shows it apart.
  @inline(never)
  public func backToStart() {
    navigator.navigate(to: start, options: options)
  }

  /// Navigates to the ten-screen stack and back, `iterations` times.
  public func roundTrips(_ iterations: Int) {
    for _ in 0..<iterations {
      toTenScreens()
      backToStart()
    }
  }

  /// Plans the way from the start to the ten-screen stack, `iterations` times; changes
  /// nothing. Returns the steps of the last plan.
  @discardableResult
  public func plansToTen(_ iterations: Int) -> Int {
    var steps = 0
    for _ in 0..<iterations {
      steps = try! navigator.plan(to: ten).steps.count
    }
    return steps
  }

  /// Plans the way from the window's state back to the start, `iterations` times; changes
  /// nothing. Call it with the window at the ten-screen stack (``toTenScreens()``). Returns
  /// the steps of the last plan.
  @discardableResult
  public func plansBack(_ iterations: Int) -> Int {
    var steps = 0
    for _ in 0..<iterations {
      steps = try! navigator.plan(to: start).steps.count
    }
    return steps
  }
}
