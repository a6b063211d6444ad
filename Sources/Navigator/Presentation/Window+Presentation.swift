extension Window {
  /// The screens whose views are in this window, bottom first: the root unless a
  /// presentation covers it, then every presented screen.
  internal var shownScreens: [ViewController] {
    guard let root = rootViewController else { return [] }
    var screens = [root]
    var pending = root.presentationsInTree()
    while !pending.isEmpty {
      let screen = pending.removeFirst()
      screens.append(screen)
      pending.append(contentsOf: screen.presentationsInTree())
    }
    return screens.filter { $0.viewIfLoaded?.window === self }
  }
}
