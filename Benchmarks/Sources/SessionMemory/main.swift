// Resident bytes per hosted session (issue "sessions"): N typical sessions (an app controller
// with its navigator and window, a three-screen stack, a page sheet over it shown by one
// flow) live in one SessionHost; the heap in use (mallinfo2: uordblks + hblkhd) and the
// resident set (/proc/self/statm) before and after, divided by N. `engine` holds the same
// app controllers in a plain array, without a host: the difference is the host's.
//
//   swift run -c release --package-path Benchmarks SessionMemory host 100000
//   swift run -c release --package-path Benchmarks SessionMemory engine 100000
//   swift run -c release --package-path Benchmarks SessionMemory made|started 100000
//   swift run -c release --package-path Benchmarks SessionMemory routes 100000   # host, each app registering five routes and a flow
//   swift run -c release --package-path Benchmarks SessionMemory shared 100000   # host, every app sharing one table of the same routes
//   swift run -c release --package-path Benchmarks SessionMemory evict 100000    # shared, then every session evicted: what is left
//   swift run -c release --package-path Benchmarks SessionMemory table-3 20000    # route tables alone, 0 to 5 registrations
//   swift run -c release --package-path Benchmarks SessionMemory recording 10000  # host, shared routes, 200 inputs, a log of the last 100
//   swift run -c release --package-path Benchmarks SessionMemory recording-off 10000  # the same sessions, not recording
//
// glibc only (mallinfo2, /proc); one measurement per process, so that each starts from a
// fresh heap.
#if canImport(Glibc)
  import AppFlow
  import CHeapInUse
  import Glibc
  import Navigator

  final class Screen: ViewController {
    convenience init(_ title: String) {
      self.init()
      self.title = title
    }
  }

  final class SheetFlow: Flow<Void> {
    override func makeFirstScreen() throws(NavigationError) -> ViewController { Screen("Sheet") }
  }

  func heapInUse() -> Int { Int(chi_heap_in_use()) }

  func residentBytes() -> Int {
    let file = fopen("/proc/self/statm", "r")!
    defer { fclose(file) }
    var size = 0, resident = 0
    _ = withUnsafeMutablePointer(to: &size) { s in
      withUnsafeMutablePointer(to: &resident) { r in
        withVaList([s, r]) { vfscanf(file, "%ld %ld", $0) }
      }
    }
    return resident * Int(sysconf(Int32(_SC_PAGESIZE)))
  }

  func makeApp() -> AppController {
    AppController(window: Window(misusePolicy: .report)) { Screen("Home") }
  }

  struct Catalog: Route {}
  struct Product: Route { var id: Int }
  struct Cart: Route {}
  struct Checkout: Route {}
  struct Account: Route {}

  /// An app controller that registers a shop's five routes (four with URL patterns) and a
  /// flow in its own route table, as a session whose factories capture its own state must.
  func makeAppWithRoutes() -> AppController {
    let app = makeApp()
    do {
      try app.routes.register(Catalog.self, url: "shop://catalog") { _ in Screen("Catalog") }
      try app.routes.register(
        Product.self, url: "shop://catalog/products/<int:id>", parent: { _ in Catalog() }
      ) {
        Screen("Product \($0.id)")
      }
      try app.routes.register(
        Cart.self, url: "shop://cart", presentation: .sheet(embeddedInNavigationController: true),
        parent: { _ in Catalog() }
      ) { _ in Screen("Cart") }
      try app.routes.register(Checkout.self, parent: { _ in Cart() }) { _ in Screen("Checkout") }
      try app.routes.register(Account.self, url: "shop://account", parent: { _ in Catalog() }) { _ in
        Screen("Account")
      }
      try app.routes.registerFlow(SheetFlow.self, tag: "Sheet") { _ in SheetFlow() }
    } catch {
      fatalError("\(error)")
    }
    return app
  }

  /// A session's own state: what the shared table's factories are handed.
  final class Session {
    var viewed: [Int] = []
  }

  /// The shop's five routes (four with URL patterns) and a flow, registered once.
  let sharedRoutes: SharedRouteTable<Session> = {
    var routes = SharedRouteTable<Session>()
    do {
      try routes.register(Catalog.self, url: "shop://catalog") { _, _ in Screen("Catalog") }
      try routes.register(
        Product.self, url: "shop://catalog/products/<int:id>", parent: { _ in Catalog() }
      ) { product, session in
        session.viewed.append(product.id)
        return Screen("Product \(product.id)")
      }
      try routes.register(
        Cart.self, url: "shop://cart", presentation: .sheet(embeddedInNavigationController: true),
        parent: { _ in Catalog() }
      ) { _, _ in Screen("Cart") }
      try routes.register(Checkout.self, parent: { _ in Cart() }) { _, _ in Screen("Checkout") }
      try routes.register(Account.self, url: "shop://account", parent: { _ in Catalog() }) { _, _ in
        Screen("Account")
      }
      try routes.registerFlow(SheetFlow.self, tag: "Sheet") { _, _ in SheetFlow() }
    } catch {
      fatalError("\(error)")
    }
    return routes
  }()

  /// An app controller over the shared routes, with a session of its own.
  func makeAppSharingRoutes() -> AppController {
    AppController(
      window: Window(misusePolicy: .report), root: .factory { Screen("Home") }, routes: sharedRoutes,
      context: Session())
  }

  /// A store that keeps nothing: what an evicted session leaves in the host, without its
  /// snapshot.
  struct DiscardingStore: SnapshotStore {
    func save(_ snapshot: [UInt8], for session: SessionID) async throws(SnapshotStoreError) {}
    func load(_ session: SessionID) async throws(SnapshotStoreError) -> [UInt8]? { nil }
    func remove(_ session: SessionID) async throws(SnapshotStoreError) {}
    func sessionIDs() async throws(SnapshotStoreError) -> [SessionID] { [] }
  }

  /// Brings an app controller to the typical session.
  func populate(_ app: AppController) {
    let navigation = app.rootNavigationController!
    navigation.pushViewController(Screen("List"), animated: false)
    navigation.pushViewController(Screen("Detail"), animated: false)
    app.run(SheetFlow(), as: .sheet(), animated: false)
    precondition(navigation.viewControllers.count == 3 && navigation.presentedViewController != nil)
    precondition(app.flows.allFlows.count == 1)
  }

  /// An app controller over the shared routes whose root is the route `Catalog`, so that its
  /// every screen has a route and a log of it replays.
  func makeRoutedApp() -> AppController {
    AppController(
      window: Window(misusePolicy: .report), rootRoute: Catalog(), routes: sharedRoutes, context: Session())
  }

  /// Brings a routed app controller to a session of 200 inputs through its navigator,
  /// recording them in a log bounded at 100 inputs when `recording`: 99 pushes and pops of
  /// Account, then Account pushed and Cart presented as a page sheet. The log then starts
  /// from a snapshot (taken at input 101) and holds the last 100 inputs.
  func populateRecording(_ app: AppController, recording: Bool) throws {
    if recording { try app.startRecording(limit: 100) }
    let options = NavigationOptions<ViewController>().animated(false)
    for _ in 0..<99 {
      app.navigator.push(.instance(try app.routes.makeScreen(for: AnyRoute(Account()))), options: options)
      app.navigator.pop(options: options)
    }
    app.navigator.push(.instance(try app.routes.makeScreen(for: AnyRoute(Account()))), options: options)
    app.navigator.presentModal(
      .instance(try app.routes.makeScreen(for: AnyRoute(Cart()))), style: .pageSheet, options: options)
    let navigation = app.rootNavigationController!
    precondition(navigation.viewControllers.count == 2 && navigation.presentedViewController != nil)
    precondition(app.recorder.map { $0.count == 100 && $0.log.start != nil } ?? !recording)
  }

  /// `count` hosted sessions over the shared routes, each brought to 200 inputs by
  /// ``populateRecording(_:recording:)``.
  func measureRecording(_ count: Int, recording: Bool) async throws -> (heap: Double, rss: Double) {
    chi_trim()
    let (heap0, rss0) = (heapInUse(), residentBytes())
    let host = SessionHost(codec: SessionCodec(snapshot: { _ in [] }, restore: { _, _ in })) {
      makeRoutedApp()
    }
    for index in 0..<count {
      let id = try SessionID("session-\(index)")
      try await host.create(id)
      try await host.withSession(id) { try populateRecording($0, recording: recording) }
    }
    let (heap1, rss1) = (heapInUse(), residentBytes())
    let live = await host.liveSessionCount
    precondition(live == count)
    withExtendedLifetime(host) {}
    return (Double(heap1 - heap0) / Double(count), Double(rss1 - rss0) / Double(count))
  }

  /// Where the app controllers' routes come from: none, each its own table, or one shared
  /// table.
  enum Routes {
    case none, own, shared
  }

  func measureHost(_ count: Int, routes: Routes = .none) async throws -> (heap: Double, rss: Double) {
    chi_trim()
    let (heap0, rss0) = (heapInUse(), residentBytes())
    let host = SessionHost(codec: SessionCodec(snapshot: { _ in [] }, restore: { _, _ in })) {
      switch routes {
      case .none: makeApp()
      case .own: makeAppWithRoutes()
      case .shared: makeAppSharingRoutes()
      }
    }
    for index in 0..<count {
      let id = try SessionID("session-\(index)")
      try await host.create(id)
      try await host.withSession(id) { populate($0) }
    }
    let (heap1, rss1) = (heapInUse(), residentBytes())
    let live = await host.liveSessionCount
    precondition(live == count)
    withExtendedLifetime(host) {}
    return (Double(heap1 - heap0) / Double(count), Double(rss1 - rss0) / Double(count))
  }

  /// `count` sessions over the shared routes, then every one evicted into a store that keeps
  /// nothing: the heap and resident bytes left per session, against the start (0 when all
  /// came back). Prints the heap at each step.
  func measureEviction(_ count: Int) async throws -> (heap: Double, rss: Double) {
    let host = SessionHost(
      store: DiscardingStore(), codec: SessionCodec(snapshot: { _ in [] }, restore: { _, _ in })
    ) { makeAppSharingRoutes() }
    // One session first, so that the start counts the host's and the runtime's first
    // allocations.
    try await host.create(SessionID("warm-up"))
    try await host.evict(SessionID("warm-up"))
    chi_trim()
    let (heap0, rss0) = (heapInUse(), residentBytes())
    var ids: [SessionID] = []
    ids.reserveCapacity(count)
    for index in 0..<count {
      let id = try SessionID("session-\(index)")
      try await host.create(id)
      try await host.withSession(id) { populate($0) }
      ids.append(id)
    }
    let (heap1, rss1) = (heapInUse(), residentBytes())
    for id in ids { try await host.evict(id) }
    ids = []
    let live = await host.liveSessionCount
    precondition(live == 0)
    chi_trim()
    let (heap2, rss2) = (heapInUse(), residentBytes())
    print("start: heap \(heap0) B, RSS \(rss0) B")
    print("\(count) sessions live: heap \(heap1) B, RSS \(rss1) B")
    let change = (Double(heap2 - heap0) / Double(heap0) * 10_000).rounded() / 100
    print("all evicted: heap \(heap2) B (\(change)% against the start), RSS \(rss2) B")
    withExtendedLifetime(host) {}
    return (Double(heap2 - heap0) / Double(count), Double(rss2 - rss0) / Double(count))
  }

  /// `stage`: 0 an app controller made, 1 started, 2 the typical session.
  func measureEngine(_ count: Int, stage: Int = 2) throws -> (heap: Double, rss: Double) {
    chi_trim()
    let (heap0, rss0) = (heapInUse(), residentBytes())
    var apps: [AppController] = []
    apps.reserveCapacity(count)
    for _ in 0..<count {
      let app = makeApp()
      if stage >= 1 { try app.start() }
      if stage >= 2 { populate(app) }
      apps.append(app)
    }
    let (heap1, rss1) = (heapInUse(), residentBytes())
    withExtendedLifetime(apps) {}
    return (Double(heap1 - heap0) / Double(count), Double(rss1 - rss0) / Double(count))
  }

  /// `count` route tables alone, each with the first `stage` registrations of a shop (0:
  /// empty; 1: a route without a pattern; 2: one with a pattern; 3: one with a parameter and a
  /// parent; 4: a sheet; 5: a flow): what each registration costs a session's table.
  func measureTables(_ count: Int, stage: Int) throws -> (heap: Double, rss: Double) {
    chi_trim()
    let (heap0, rss0) = (heapInUse(), residentBytes())
    var tables: [RouteTable] = []
    tables.reserveCapacity(count)
    for _ in 0..<count {
      let routes = RouteTable()
      if stage >= 1 { try routes.register(Catalog.self) { _ in Screen("Catalog") } }
      if stage >= 2 { try routes.register(Account.self, url: "shop://account") { _ in Screen("Account") } }
      if stage >= 3 {
        try routes.register(Product.self, url: "shop://catalog/products/<int:id>", parent: { _ in Catalog() })
        {
          Screen("Product \($0.id)")
        }
      }
      if stage >= 4 {
        try routes.register(
          Cart.self, url: "shop://cart", presentation: .sheet(embeddedInNavigationController: true),
          parent: { _ in Catalog() }
        ) { _ in Screen("Cart") }
      }
      if stage >= 5 { try routes.registerFlow(SheetFlow.self, tag: "Sheet") { _ in SheetFlow() } }
      tables.append(routes)
    }
    let (heap1, rss1) = (heapInUse(), residentBytes())
    withExtendedLifetime(tables) {}
    return (Double(heap1 - heap0) / Double(count), Double(rss1 - rss0) / Double(count))
  }

  func format(_ bytes: Double) -> String { String(Int(bytes.rounded())) }

  let which = CommandLine.arguments.dropFirst().first ?? "host"
  let count = Int(CommandLine.arguments.dropFirst(2).first ?? "10000")!
  // `made` and `started`: the engine's share of an app controller before the typical screens.
  let result =
    switch which {
    case "engine": try measureEngine(count)
    case "made": try measureEngine(count, stage: 0)
    case "started": try measureEngine(count, stage: 1)
    case "routes": try await measureHost(count, routes: .own)
    case "shared": try await measureHost(count, routes: .shared)
    case "evict": try await measureEviction(count)
    case "recording": try await measureRecording(count, recording: true)
    case "recording-off": try await measureRecording(count, recording: false)
    case "table-0", "table-1", "table-2", "table-3", "table-4", "table-5":
      try measureTables(count, stage: Int(String(which.last!))!)
    default: try await measureHost(count)
    }
  print(
    "\(which) \(count) sessions: heap \(format(result.heap)) B/session, RSS \(format(result.rss)) B/session")
#else
  print("SessionMemory measures glibc's heap: run it on Linux.")
#endif
