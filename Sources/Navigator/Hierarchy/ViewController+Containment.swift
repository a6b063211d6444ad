extension ViewController {
  /// The screens this one contains, in the order they were added.
  public var children: [ViewController] { childList }

  /// A containment change between `willMove(toParent:)` and `didMove(toParent:)`.
  internal enum ContainmentMove {
    case adding, removing
  }

  /// Adds a child screen; calls the child's ``willMove(toParent:)`` for you.
  ///
  /// As in UIKit, a child that already has another parent is removed from it first, and
  /// the caller adds the child's view and calls ``didMove(toParent:)`` when done. Adding a
  /// screen that contains this one, a window's root, or a presented screen is a misuse:
  /// nothing changes and the window's ``MisusePolicy`` applies.
  ///
  /// - Parameter child: The screen to add.
  public func addChild(_ child: ViewController) {
    if let error = containmentError(adding: child) {
      Misuse.handle(error, in: journalWindow ?? child.journalWindow)
      return
    }
    guard child.parent !== self else { return }
    if let oldParent = child.parent {
      // UIKit removes the child from its old parent first; moving is not leaving, so the
      // child's containers keep what they hold.
      oldParent.removeChild(at: child.indexInParent)
      child.didMove(toParent: nil)
    }
    child.willMove(toParent: self)
    appendChild(child)
    if isInWindowHierarchy {
      announceJoining(child, in: journalWindow)
    } else {
      // Moved out of a hierarchy into a container that is in none.
      child.leaveIfDetached(.removedFromParent, from: child.journalWindow)
    }
  }

  /// Removes this screen from its container; calls ``didMove(toParent:)`` with `nil`.
  ///
  /// Call ``willMove(toParent:)`` with `nil` first, as UIKit asks. Does nothing when the
  /// screen has no parent.
  public func removeFromParent() {
    guard let parent else { return }
    parent.removeChild(at: indexInParent)
    didMove(toParent: nil)
    didLeaveHierarchy()
    leaveIfDetached(.removedFromParent, from: journalWindow)
  }

  /// Checks the rules for adding `child` to this screen.
  internal func containmentError(adding child: ViewController) -> NavigationError? {
    // Only a screen that contains or presents others can be this one's ancestor, so a new
    // leaf screen (the common push) skips the walk.
    let mayBeAncestor = child === self || !child.childList.isEmpty || child.presented != nil
    var ancestor: ViewController? = mayBeAncestor ? self : nil
    while let current = ancestor {
      if current === child {
        return NavigationError(
          .containmentCycle,
          "Can't add \(child.screenID) as a child of \(screenID): "
            + "\(child === self ? "a screen can't contain itself" : "it already contains \(screenID)").",
          screens: [child.screenID, screenID])
      }
      ancestor = current.parent ?? current.presenter
    }
    if child.windowLink.isSet, let window = child.windowIfRoot {
      return NavigationError(
        .childIsWindowRoot,
        "Can't add \(child.screenID) as a child of \(screenID): it is the root of a window "
          + "\(window.rootDescription).",
        screens: [child.screenID, screenID])
    }
    if child.presenterLink.isSet, let presenter = child.presenter {
      return NavigationError(
        .childIsPresented,
        "Can't add \(child.screenID) as a child of \(screenID): it is presented by "
          + "\(presenter.screenID).",
        screens: [child.screenID, screenID, presenter.screenID])
    }
    return nil
  }

  /// Appends a child without any callback.
  internal func appendChild(_ child: ViewController) {
    appendChild(child, window: journalWindow)
  }

  /// Appends a child without any callback; `window` is this screen's ``journalWindow``,
  /// which a move has at hand already.
  internal func appendChild(_ child: ViewController, window: Window?) {
    child.adopt(window)
    child.indexInParent = childList.count
    childList.append(child)
    child.parent = self
  }

  /// Removes the child at `index` without any callback.
  internal func removeChild(at index: Int) {
    let child = childList.remove(at: index)
    if isNavigationStack { unsafeDowncast(self, to: NavigationController.self).forgetShownTop(child) }
    child.adoptedWindow = journalWindow
    child.parent = nil
    for position in index..<childList.count { childList[position].indexInParent = position }
  }

  /// Replaces every child without any callback.
  internal func replaceChildren(with newChildren: [ViewController]) {
    let window = journalWindow
    let stack = isNavigationStack ? unsafeDowncast(self, to: NavigationController.self) : nil
    // Both loops borrow their screens: the old list is held by a local copy (one retain of
    // its storage) while `childList` changes, the new one by the caller.
    let oldChildren = childList
    oldChildren.forEachBorrowed { child in
      child.adoptedWindow = window
      child.parent = nil
      stack?.forgetShownTop(child)
    }
    childList = newChildren
    var position = 0
    newChildren.forEachBorrowed { child in
      child.adopt(window)
      child.indexInParent = position
      child.parent = self
      position += 1
    }
  }
}
