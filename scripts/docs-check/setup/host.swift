// A session host of shop apps, in memory.
let host = SessionHost(codec: .navigationSnapshots(), makeApp: makeApp)
