// `bytes`: the snapshot of a shop app that showed product 42.
let saved = try makeApp()
try saved.start()
try await saved.openAndWait("shop://catalog/products/42")
let bytes = try saved.encodeSnapshot()
