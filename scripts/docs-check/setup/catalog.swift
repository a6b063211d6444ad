// A shop app controller (misuse reported) with its catalog registered, started.
let app = AppController(window: Window(misusePolicy: .report), rootRoute: Catalog())
try app.routes.register(Catalog.self, url: "shop://catalog") { _ in CatalogScreen() }
try app.start()
try app.routes.register(Home.self, url: "shop://home") { _ in HomeScreen() }
let signIn = SignedIn()
