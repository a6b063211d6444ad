// The shop's app controller (misuse reported) with the shop's routes, started at its catalog.
let app = try makeApp()
try app.start()
let navigator = app.navigator
let window = app.window
let restorer = Restorer()
let signIn = SignedIn()
