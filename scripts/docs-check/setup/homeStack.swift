// A stack `navigation` with `home`, and a `detail` screen to push.
let home = Inbox()
let navigation = NavigationController(rootViewController: home)
let detail = Message()
