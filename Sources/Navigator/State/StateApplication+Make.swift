// The making and checking of a navigation's new screens, before anything changes.

extension StateApplication {
  /// Makes every planned screen and checks it: the provider's kind, and that it is free;
  /// returns the screens at the indices of the planned ones.
  ///
  /// A screen made for a plain-screen node must not be a navigation controller: it would
  /// read back as a stack, and the window would not reach the target. The made screens get
  /// their keys only when the navigation applies (`prepare(_:in:)`): a refusal must leave
  /// every screen the provider handed out as it was, one already in the window among them.
  func make(_ planned: [PlannedScreen], _ keys: [TargetKey], navigator: Navigator)
    throws(NavigationError) -> [ViewController]
  {
    guard !planned.isEmpty else { return [] }
    var screens: [ViewController] = []
    screens.reserveCapacity(planned.count)
    for index in planned.indices {
      let made: ViewController
      // The key read in place: a copy of it would retain its box, and release it after.
      switch keys[index] {
      case .navigationController:
        made = NavigationController()
      case .key(let box):
        made = try target.makeScreen(for: box, navigator: navigator)
      case .unboxed(let unboxed):
        made = try target.makeScreen(for: target.boxUnboxedKey(unboxed), navigator: navigator)
      case .instance(let screen):
        throw Self.unmakeableInstanceError(screen)
      }
      // The errors' texts are built out of line (`@inline(never)`), so that the loop's
      // code stays small. A linear scan of the screens made before this one: a navigation
      // makes a few.
      guard !screens.contains(where: { $0 === made }) else { throw Self.madeTwiceError(made) }
      if made.parent != nil || made.presenter != nil || made.windowIfRoot != nil,
        let error = notFreeError(made, keys[index])
      {
        throw error
      }
      if made.isInWindowHierarchy { throw Self.inWindowError(made) }
      let fits =
        switch planned[index].content {
        case .stack: made.isNavigationStack
        case .container, .screen: !made.isNavigationStack
        }
      if !fits { throw wrongKindError(made, planned[index].content, keys[index]) }
      screens.append(made)
    }
    return screens
  }

  /// The error for a planned screen that names an instance: it can't be made again.
  @inline(never)
  private static func unmakeableInstanceError(_ screen: ScreenID) -> NavigationError {
    NavigationError(.unmakeableScreen, "Can't make \(screen) again: it has no navigationKey.")
  }

  /// The error for a screen the provider returned for two places of one navigation.
  @inline(never)
  private static func madeTwiceError(_ made: ViewController) -> NavigationError {
    NavigationError(
      .unmakeableScreen, "The screen provider returned \(made.screenID) for two places of one navigation.",
      screens: [made.screenID])
  }

  /// The error for a made screen that has a parent, a presenter or a window, if it is not
  /// free.
  @inline(never)
  private func notFreeError(_ made: ViewController, _ key: TargetKey) -> NavigationError? {
    Navigator.freeScreenError(made, action: "show \(target.describe(key)) as")
  }

  /// The error for a made screen that is in the window already.
  @inline(never)
  private static func inWindowError(_ made: ViewController) -> NavigationError {
    NavigationError(
      .unmakeableScreen, "Can't show \(made.screenID) again: it is in the window already.",
      screens: [made.screenID])
  }

  /// The error for a made screen of the wrong kind for its place: a stack where the target
  /// holds a plain screen or a container, or the other way round.
  @inline(never)
  private func wrongKindError(_ made: ViewController, _ content: TargetContent, _ key: TargetKey)
    -> NavigationError
  {
    let holds =
      switch content {
      case .stack: "navigation stack: it is not a NavigationController"
      case .container: "container: a NavigationController's children are its stack"
      case .screen: "plain screen: a NavigationController is a navigation stack"
      }
    return NavigationError(
      .unmakeableScreen,
      "The screen provider made \(made.screenID) for \(target.describe(key)), which the target holds as a "
        + "\(holds).",
      screens: [made.screenID])
  }

  /// Finds every popover's anchor in the screens that will hold it; the anchors are keyed
  /// by the index of the presented screen among the made ones.
  func resolveAnchors(_ actions: [PlannedAction], _ made: [ViewController]) throws(NavigationError)
    -> [Int: PopoverAnchor]
  {
    var anchors: [Int: PopoverAnchor] = [:]
    for case .present(let planned, _, _, let anchor?) in actions {
      let owner = anchor.owner.screen(made)
      switch anchor.anchor {
      case .barButtonItem(let side, let index, _):
        let items =
          side == .left ? owner.navigationItem.leftBarButtonItems : owner.navigationItem.rightBarButtonItems
        guard items.indices.contains(index) else {
          throw NavigationError(
            .popoverWithoutAnchor,
            "Can't present \(target.describeNode(self.made[planned].node)) as a popover: \(owner.screenID) has no \(side) "
              + "bar button item at index \(index).",
            screens: [owner.screenID])
        }
        anchors[planned] = .barButtonItem(items[index])
      case .view(_, let path, let rect):
        var view = owner.view
        for index in path {
          guard view.subviews.indices.contains(index) else {
            throw NavigationError(
              .popoverWithoutAnchor,
              "Can't present \(target.describeNode(self.made[planned].node)) as a popover: the view of \(owner.screenID) "
                + "has no subview at \(path).",
              screens: [owner.screenID])
          }
          view = view.subviews[index]
        }
        anchors[planned] = .view(view, rect: rect)
      case .unnamed:
        break
      }
    }
    return anchors
  }
}
