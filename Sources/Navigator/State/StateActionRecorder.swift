/// What the typed navigation records as ``TypedStatePlanner`` walks: each step resolved
/// against instances (the ``PlannedAction`` the general planner records for it), the screens
/// it makes, and the stacks whose tops leave, in the general planner's order.
///
/// Not generic: the typed planner, specialized in the caller's module, hands it instances and
/// boxed keys, and ``StateApplication`` applies what it recorded as it applies a
/// ``StatePlanner``'s.
@usableFromInline
final class StateActionRecorder {
  // Unchecked: a recorder lives inside one navigation's planning, on one thread, and no
  // access to these arrays overlaps another (Benchmarks/README.md, "Exclusivity checks").
  /// The actions, at the indices of the typed planner's steps.
  @exclusivity(unchecked) private(set) var actions: [PlannedAction] = []
  /// Every screen the plan makes, in the order of the steps that show them (pre-order); the
  /// actions name them by their index here.
  @exclusivity(unchecked) private(set) var made: [PlannedScreen] = []
  /// The keys of the screens the plan makes, at the indices of ``made``.
  @exclusivity(unchecked) private(set) var madeKeys: [TargetKey] = []
  /// Stacks whose top leaves the hierarchy: their guards are asked, in this order.
  @exclusivity(unchecked) private(set) var leavingStacks: [NavigationController] = []

  /// Creates an empty recorder.
  @usableFromInline
  init() {
    // Room for a usual plan: one allocation each, no regrowth. The made screens' arrays get
    // theirs with the first screen (``reserveMade()``): a navigation that makes no screen
    // (a pop, a dismissal) allocates neither.
    actions.reserveCapacity(4)
  }

  /// Gives the arrays of made screens room for a usual plan, before the first is recorded.
  @inline(__always)
  private func reserveMade() {
    guard made.capacity == 0 else { return }
    made.reserveCapacity(16)
    madeKeys.reserveCapacity(16)
  }

  /// Hands over what was recorded, leaving the recorder empty: the arrays move to the caller
  /// (``StateApplication``) without a retain each.
  func takeRecorded() -> (
    actions: [PlannedAction], made: [PlannedScreen], madeKeys: [TargetKey],
    leavingStacks: [NavigationController]
  ) {
    var taken:
      (
        actions: [PlannedAction], made: [PlannedScreen], madeKeys: [TargetKey],
        leavingStacks: [NavigationController]
      ) = ([], [], [], [])
    swap(&taken.actions, &actions)
    swap(&taken.made, &made)
    swap(&taken.madeKeys, &madeKeys)
    swap(&taken.leavingStacks, &leavingStacks)
    return taken
  }

  // MARK: Screens the plan makes

  /// Plans a new plain screen for a key, and records it among the screens made; returns its
  /// index there.
  @usableFromInline
  func makeScreen(_ key: KeyBox, hasParent: Bool) -> Int {
    reserveMade()
    made.append(PlannedScreen(node: -1, content: .screen, containedCount: 0, hasParent: hasParent))
    madeKeys.append(.key(key))
    return made.count - 1
  }

  /// Plans a new stack (for a key, or a plain navigation controller when `key` is `nil`) of
  /// `entryCount` new entries, and records it among the screens made; returns its index
  /// there. Its entries follow, each recorded by ``makeNewStackEntry(_:)``.
  @usableFromInline
  func makeStack(_ key: KeyBox?, entryCount: Int, hasParent: Bool) -> Int {
    var planned = PlannedScreen(node: -1, content: .stack, containedCount: entryCount, hasParent: hasParent)
    // Pre-order: the stack, then its entries (plain screens).
    planned.size = 1 + entryCount
    reserveMade()
    made.append(planned)
    madeKeys.append(key.map(TargetKey.key) ?? .navigationController)
    return made.count - 1
  }

  /// Plans the next entry of the new stack recorded last (``makeStack(_:entryCount:hasParent:)``).
  @usableFromInline
  func makeNewStackEntry(_ key: KeyBox) {
    made.append(PlannedScreen(node: -1, content: .screen, containedCount: 0, hasParent: true))
    madeKeys.append(.key(key))
  }

  /// Plans a new entry of a stack the window keeps, and records it among the screens made.
  @usableFromInline
  func makeEntry(_ key: KeyBox) -> Placed {
    .made(makeScreen(key, hasParent: true))
  }

  // MARK: Actions

  /// Inserts the action of the step at `index` of the typed planner's steps.
  private func insert(_ action: PlannedAction, at index: Int) {
    if index == actions.count { actions.append(action) } else { actions.insert(action, at: index) }
  }

  /// ``NavigationPlan/Step/setRoot(_:)``: the old root's stacks leave.
  @usableFromInline
  func setRoot(_ planned: Int?, replacing old: ViewController?, at index: Int) {
    if let old { collectLeavingStacks(in: old) }
    insert(.setRoot(planned), at: index)
  }

  /// ``NavigationPlan/Step/dismiss(presentedBy:)``: the presented subtree's stacks leave.
  @usableFromInline
  func dismiss(presentedBy presenter: ViewController, at index: Int) {
    if let presented = presenter.presented { collectLeavingStacks(in: presented) }
    insert(.dismiss(presenter: presenter), at: index)
  }

  /// ``NavigationPlan/Step/push(_:onto:)`` onto a kept stack.
  @usableFromInline
  func push(
    _ planned: Int, onto navigation: NavigationController, coveredBy style: ModalPresentationStyle?,
    at index: Int
  ) {
    insert(.push(planned, onto: navigation, shown: isShown(navigation, coveredBy: style)), at: index)
  }

  /// ``NavigationPlan/Step/popTo(_:)`` in a kept stack.
  @usableFromInline
  func popTo(
    _ screen: ViewController, in navigation: NavigationController, coveredBy style: ModalPresentationStyle?,
    at index: Int
  ) {
    insert(.popTo(screen, in: navigation, shown: isShown(navigation, coveredBy: style)), at: index)
  }

  /// ``NavigationPlan/Step/setStack(_:to:)`` of a kept stack.
  @usableFromInline
  func setStack(
    _ navigation: NavigationController, to slots: [Placed], coveredBy style: ModalPresentationStyle?,
    at index: Int
  ) {
    insert(.setStack(navigation, slots, shown: isShown(navigation, coveredBy: style)), at: index)
  }

  /// ``NavigationPlan/Step/present(_:from:style:)``, at the end of the steps.
  @usableFromInline
  func present(_ planned: Int, from presenter: Placed, style: ModalPresentationStyle) {
    actions.append(.present(planned, from: presenter, style: style, anchor: nil))
  }

  /// A kept stack whose old top leaves (it is not among the stack's new entries).
  @usableFromInline
  func topLeaves(_ navigation: NavigationController) {
    leavingStacks.append(navigation)
  }

  /// A Boolean value indicating whether a stack on screen stays on screen: no full-screen
  /// presentation of the target (`style`) covers its layer.
  private func isShown(_ navigation: NavigationController, coveredBy style: ModalPresentationStyle?) -> Bool {
    navigation.appearanceState == .appeared && !(style?.removesPresenter ?? false)
  }

  /// Notes every stack in `screen`'s subtree and what it presents: their tops leave (as the
  /// general planner does).
  private func collectLeavingStacks(in screen: ViewController) {
    if let navigation = screen.asNavigationStack, navigation.topViewController != nil {
      leavingStacks.append(navigation)
    }
    // Borrowed from a local copy of the list, which holds every child.
    let children = screen.childList
    children.forEachBorrowed { collectLeavingStacks(in: $0) }
    if let presented = screen.presented { collectLeavingStacks(in: presented) }
  }
}
