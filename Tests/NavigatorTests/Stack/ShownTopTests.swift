import Testing

@testable import Navigator

/// A stack remembers the top it told its delegate about by identity only; a screen that
/// leaves the stack is forgotten, since a screen made later may be given its identity.
@Suite struct ShownTopTests {
  /// A screen presented full screen, which hides the stack.
  static func cover() -> ViewController {
    let cover = ViewController()
    cover.modalPresentationStyle = .fullScreen
    return cover
  }

  @Test func aTopThatLeftWhileTheStackWasCoveredIsForgotten() {
    let window = Window()
    let a = ViewController()
    let navigation = NavigationController(rootViewController: ViewController())
    window.rootViewController = navigation
    window.makeKeyAndVisible()
    navigation.pushViewController(a, animated: false)
    #expect(navigation.shownTop == ObjectIdentifier(a))
    navigation.present(Self.cover(), animated: false)
    navigation.popViewController(animated: false)
    #expect(navigation.shownTop == NavigationController.noScreen)
  }

  @Test func aTopPushedBackWhileCoveredIsToldAboutWhenTheStackAppears() {
    let window = Window()
    window.journal.isEnabled = true
    let a = ViewController()
    a.title = "A"
    let navigation = NavigationController(rootViewController: ViewController())
    window.rootViewController = navigation
    window.makeKeyAndVisible()
    navigation.pushViewController(a, animated: false)
    navigation.present(Self.cover(), animated: false)
    navigation.popViewController(animated: false)
    navigation.pushViewController(a, animated: false)
    window.journal.removeAll()
    navigation.dismiss(animated: false)
    #expect(
      window.journal.events.filter {
        if case .willShow = $0 { true } else if case .didShow = $0 { true } else { false }
      } == [
        .willShow(a.screenID, in: navigation.screenID, animated: false),
        .didShow(a.screenID, in: navigation.screenID, animated: false),
      ])
  }
}
