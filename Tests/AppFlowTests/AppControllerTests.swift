import AppFlow
import Navigator
import Testing

final class Inbox: ViewController {}
final class Composer: ViewController, InitializableScreen {}

@Suite struct AppControllerTests {
  @Test func startInstallsTheRootInANavigationControllerAndShowsTheWindow() throws {
    let window = Window(misusePolicy: .report)
    window.journal.isEnabled = true
    let app = AppController(window: window) { Inbox() }
    #expect(!app.isStarted)
    let navigation = try app.start()
    let inbox = try #require(navigation.topViewController as? Inbox)
    #expect(app.window.rootViewController === navigation)
    #expect(app.rootNavigationController === navigation)
    #expect(app.window.isKeyWindow)
    #expect(!app.window.isHidden)
    #expect(inbox.appearanceState == .appeared)
    #expect(app.navigator.window === window)
    #expect(app.navigator.visibleViewController === inbox)

    let composer = try app.navigator.tryPush(.type(Composer.self))
    #expect(navigation.topViewController === composer)
  }

  @Test func theStartedRootIsLetGoWhenItLeavesTheWindowEvenIfSomeoneElseHoldsIt() throws {
    let app = AppController(window: Window(misusePolicy: .report)) { Inbox() }
    let navigation = try app.start()
    weak let released = navigation
    app.window.rootViewController = NavigationController(rootViewController: Composer())
    // The test still holds the old root: the app controller no longer calls it its root.
    #expect(app.rootNavigationController == nil)
    #expect(!app.isStarted)
    #expect(navigation.viewControllers.count == 1)
    _ = consume navigation
    #expect(released == nil, "the app controller kept the replaced root alive")
    // Stopped and started again, it installs a new root.
    app.stop()
    let again = try app.start()
    #expect(app.rootNavigationController === again)
    #expect(app.window.rootViewController === again)
  }

  @Test func theRootIsLoadedAndGivenABackgroundBeforeItAppears() throws {
    let window = Window(misusePolicy: .report)
    window.journal.isEnabled = true
    let app = AppController(window: window) {
      let inbox = Inbox()
      inbox.title = "Inbox"
      return inbox
    }
    let navigation = try app.start()
    let inbox = try #require(navigation.topViewController)
    #expect(inbox.viewIfLoaded?.backgroundColor == .systemBackground)
    #expect(navigation.viewIfLoaded?.backgroundColor == .systemBackground)
    // Both views load (and are journaled) before anything appears.
    #expect(
      window.journal.events.map(\.description) == [
        "NavigationController.viewDidLoad", "Inbox.viewDidLoad",
        "NavigationController.joined", "Inbox.joined",
        "NavigationController.viewWillAppear(animated: false)", "Inbox.viewWillAppear(animated: false)",
        "NavigationController.willShow(Inbox, animated: false)",
        "NavigationController.didShow(Inbox, animated: false)",
        "NavigationController.viewDidAppear(animated: false)", "Inbox.viewDidAppear(animated: false)",
      ])
  }

  @Test func startTakesTheInitialSceneOfACatalogue() throws {
    let main = Storyboard(
      name: "Main", initialScene: "inbox", scenes: [Storyboard.Scene("inbox") { Inbox() }])
    let app = AppController(root: .storyboard(main))
    let navigation = try app.start()
    #expect(navigation.topViewController is Inbox)
  }

  @Test func aRootThatIsANavigationControllerIsNotWrappedAgain() throws {
    let own = NavigationController(rootViewController: Inbox())
    let app = AppController { own }
    #expect(try app.start() === own)
  }

  @Test func aCatalogueWithoutInitialSceneFailsAndChangesNothing() {
    let app = AppController(root: .storyboard(Storyboard(name: "Empty", scenes: [])))
    #expect {
      try app.start()
    } throws: { error in
      (error as? NavigationError)?.code == .noInitialScene
    }
    #expect(app.window.rootViewController == nil)
    #expect(app.window.isHidden)
    #expect(!app.isStarted)
  }

  @Test func startingTwiceIsRefused() throws {
    let app = AppController { Inbox() }
    let first = try app.start()
    #expect {
      try app.start()
    } throws: { error in
      (error as? NavigationError)?.code == .invalidRequest
    }
    #expect(app.window.rootViewController === first)
  }
}
