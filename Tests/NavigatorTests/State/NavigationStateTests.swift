import Testing

@testable import Navigator

/// A screen with a title and a navigation key.
private func keyed(_ name: String, _ key: some Hashable & Sendable) -> Screen {
  let screen = Screen(name)
  screen.navigationKey = key
  return screen
}

/// A screen titled and keyed by the same string.
private func keyed(_ name: String) -> Screen { keyed(name, name) }

/// A navigation controller subclass of the app's.
private final class MailNavigation: NavigationController {}

/// A visible window whose root is `root`, transitions finishing inside each call.
private func window(root: ViewController) -> Window {
  let window = Window()
  window.rootViewController = root
  window.makeKeyAndVisible()
  return window
}

/// Reading a window's hierarchy as a `NavigationState`, compared whole against values
/// written by hand.
@Suite struct NavigationStateTests {
  typealias State = NavigationState<String>

  @Test func aWindowWithoutARootReadsAsTheEmptyState() {
    #expect(Window().navigationState(keyedBy: String.self) == .empty)
    #expect(Window().navigationState == .empty)
  }

  @Test func aRootStackOfThreeKeyedScreensReadsEntriesInOrder() {
    let nav = NavigationController(rootViewController: keyed("Inbox"))
    let window = window(root: nav)
    nav.pushViewController(keyed("Thread"), animated: false)
    nav.pushViewController(keyed("Reply"), animated: false)
    #expect(
      window.navigationState(keyedBy: String.self)
        == State(root: .stack([.screen("Inbox"), .screen("Thread"), .screen("Reply")])))
  }

  @Test func aKeyedNavigationControllerReadsByItsKey() {
    let nav = NavigationController(rootViewController: keyed("Inbox"))
    nav.navigationKey = "Mail"
    let window = window(root: nav)
    #expect(window.navigationState(keyedBy: String.self) == State(root: .stack("Mail", [.screen("Inbox")])))
  }

  @Test func aCustomContainerReadsItsChildrenInOrder() {
    let split = keyed("Split")
    let sidebar = NavigationController(rootViewController: keyed("Folders"))
    let detail = keyed("Detail")
    for child in [sidebar, detail] {
      split.addChild(child)
      split.view.addSubview(child.view)
      child.didMove(toParent: split)
    }
    let window = window(root: split)
    #expect(
      window.navigationState(keyedBy: String.self)
        == State(root: .container("Split", children: [.stack([.screen("Folders")]), .screen("Detail")])))
  }

  @Test func aPresentedSheetHoldingANavigationControllerReadsUnderItsPresenter() {
    let home = keyed("Home")
    let window = window(root: home)
    let sheet = NavigationController(rootViewController: keyed("Compose"))
    sheet.modalPresentationStyle = .pageSheet
    home.present(sheet, animated: false)
    #expect(
      window.navigationState(keyedBy: String.self)
        == State(root: .screen("Home", presenting: .sheet(.stack([.screen("Compose")])))))
  }

  @Test func aPresentationRecordsTheStyleTheScreenAskedFor() {
    let home = keyed("Home")
    let window = window(root: home)
    home.present(keyed("Compose"), animated: false)
    #expect(
      window.navigationState(keyedBy: String.self)
        == State(root: .screen("Home", presenting: .modal(.screen("Compose"), style: .automatic))))
  }

  @Test func aChainOfThreePresentationsReadsAsNestedPresentations() {
    let home = keyed("Home")
    let window = window(root: home)
    let (first, second, third) = (keyed("First"), keyed("Second"), keyed("Third"))
    first.modalPresentationStyle = .fullScreen
    second.modalPresentationStyle = .pageSheet
    third.modalPresentationStyle = .overFullScreen
    home.present(first, animated: false)
    first.present(second, animated: false)
    second.present(third, animated: false)
    let expected = State(
      root: .screen(
        "Home",
        presenting: .fullScreen(
          .screen(
            "First",
            presenting: .sheet(
              .screen("Second", presenting: .modal(.screen("Third"), style: .overFullScreen)))))))
    #expect(window.navigationState(keyedBy: String.self) == expected)
  }

  @Test func aPopoverAtABarButtonItemNamesTheItemsSideIndexAndOwner() {
    let thread = keyed("Thread")
    let nav = NavigationController(rootViewController: keyed("Inbox"))
    let window = window(root: nav)
    nav.pushViewController(thread, animated: false)
    let (reply, more) = (BarButtonItem(title: "Reply"), BarButtonItem(title: "More"))
    thread.navigationItem.rightBarButtonItems = [reply, more]
    let menu = keyed("Menu")
    menu.modalPresentationStyle = .popover
    menu.popoverPresentationController!.anchor = .barButtonItem(more)
    thread.present(menu, animated: false)
    // The navigation controller defines the presentation context: it presents.
    let expected = State(
      root: .stack(
        [.screen("Inbox"), .screen("Thread")],
        presenting: .popover(.screen("Menu"), at: .barButtonItem(.right, index: 1, of: .key("Thread")))))
    #expect(window.navigationState(keyedBy: String.self) == expected)
  }

  @Test func aPopoverAtALeftBarButtonItemNamesTheLeftSide() {
    let home = keyed("Home")
    let window = window(root: home)
    let item = BarButtonItem(title: "Filters")
    home.navigationItem.leftBarButtonItems = [item]
    let filters = keyed("Filters")
    filters.modalPresentationStyle = .popover
    filters.popoverPresentationController!.anchor = .barButtonItem(item)
    home.present(filters, animated: false)
    let expected = State(
      root: .screen(
        "Home",
        presenting: .popover(.screen("Filters"), at: .barButtonItem(.left, index: 0, of: .key("Home")))))
    #expect(window.navigationState(keyedBy: String.self) == expected)
  }

  @Test func aPopoverAtASubviewNamesThePathFromTheScreensViewAndTheRect() {
    let home = keyed("Home")
    let window = window(root: home)
    let (header, toolbar, spacer, button) = (View(), View(), View(), View())
    home.view.addSubview(header)
    home.view.addSubview(toolbar)
    toolbar.addSubview(spacer)
    toolbar.addSubview(View())
    toolbar.addSubview(button)
    let rect = Rect(x: 4, y: 8, width: 44, height: 30.5)
    let share = keyed("Share")
    share.modalPresentationStyle = .popover
    share.popoverPresentationController!.anchor = .view(button, rect: rect)
    home.present(share, animated: false)
    let expected = State(
      root: .screen(
        "Home", presenting: .popover(.screen("Share"), at: .view(of: .key("Home"), path: [1, 2], rect: rect)))
    )
    #expect(window.navigationState(keyedBy: String.self) == expected)
  }

  @Test func aPopoverAtTheScreensOwnViewHasAnEmptyPath() {
    let home = keyed("Home")
    let window = window(root: home)
    let share = keyed("Share")
    share.modalPresentationStyle = .popover
    share.popoverPresentationController!.anchor = .view(home.view, rect: .zero)
    home.present(share, animated: false)
    let expected = State(
      root: .screen(
        "Home", presenting: .popover(.screen("Share"), at: .view(of: .key("Home"), path: [], rect: .zero))))
    #expect(window.navigationState(keyedBy: String.self) == expected)
  }

  @Test func screensWithoutKeysReadAsInstancesAndAPlainNavigationControllerAsItself() {
    let (inbox, thread) = (Screen("Inbox"), Screen("Thread"))
    let nav = NavigationController(rootViewController: inbox)
    let window = window(root: nav)
    nav.pushViewController(thread, animated: false)
    #expect(
      window.navigationState(keyedBy: String.self)
        == State(
          root: NavigationState.Node(
            key: .navigationController,
            content: .stack([.init(key: .instance(inbox.screenID)), .init(key: .instance(thread.screenID))])))
    )
  }

  @Test func aNavigationControllerSubclassWithoutAKeyReadsAsAnInstance() {
    let nav = MailNavigation(rootViewController: keyed("Inbox"))
    let window = window(root: nav)
    #expect(
      window.navigationState(keyedBy: String.self)
        == State(
          root: NavigationState.Node(key: .instance(nav.screenID), content: .stack([.screen("Inbox")]))))
  }

  @Test func aKeyOfAnotherTypeReadsAsAnInstanceAndAnyKeyReadsEveryKey() {
    let thread = keyed("Thread", 7)
    let nav = NavigationController(rootViewController: keyed("Inbox"))
    let window = window(root: nav)
    nav.pushViewController(thread, animated: false)
    #expect(
      window.navigationState(keyedBy: String.self)
        == State(root: .stack([.screen("Inbox"), NavigationState.Node(key: .instance(thread.screenID))])))
    #expect(
      window.navigationState(keyedBy: Int.self)
        == NavigationState(
          root: NavigationState.Node(
            key: .navigationController,
            content: .stack([.init(key: .instance(nav.viewControllers[0].screenID)), .screen(7)]))))
    #expect(
      window.navigationState
        == NavigationState(root: .stack([.screen(AnyScreenKey("Inbox")), .screen(AnyScreenKey(7))])))
  }
}
