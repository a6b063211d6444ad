// An album on top of the mail stack.
let album = Album()
mail.pushViewController(album, animated: false)
