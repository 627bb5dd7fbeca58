/// Two small action lists and what each prints, served by the remote tests of the tool and of
/// the loader's API.
package enum RemoteFixtures {
    package static let first = #"[{"name": "MyFirstModule", "actions": [{"func": "sayHello"}]}]"#
    package static let second = #"[{"name": "MySecondModule", "actions": [{"func": "sayHello"}]}]"#
    package static let firstOutput = "Hello My name is MyFirstModule\n"
    package static let secondOutput = "What's up? My name is MySecondModule\n"
}
