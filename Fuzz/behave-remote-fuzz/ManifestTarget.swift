#if Remote
    import Behave
    import BehaveRemote
    import FuzzSupport

    /// Any bytes as a fleet manifest (`behave-manifest/1`, docs/fleet.md; a signed one's bytes are
    /// the same, its signature being the `.sig` the `signature` target reads): read or refused with
    /// one line at a position, never a crash. What is read encodes to bytes that read back as the
    /// same manifest and encode to the same bytes; and every channel selects a copy for each of a
    /// few fixed devices without a crash, the same copy every time and from the manifest read
    /// back, a copy the manifest lists and has not killed.
    enum ManifestTarget: FuzzTarget {
        static let name = "manifest"

        /// Devices as apps describe them: the tool's fields and `--context` ones, versions with a
        /// pre-release and build, locales in both spellings, a field that is no number or version.
        static let contexts: [[String: String]] = [
            [:],
            ["platform": "ios", "app": "keynote", "version": "2.4.1", "locale": "en_GB", "tier": "beta"],
            [
                "platform": "android", "version": "3.0.0-rc.1+build.5", "locale": "fr-CA", "tier": "staff",
                "build": "15",
            ],
            ["platform": "linux", "version": "v2", "locale": "", "appVersion": "not a version", "beta": "true"],
        ]
        /// Install ids, each in other buckets.
        static let installIDs = ["", "device-42", "0f9a6c1e-5b7d-4c3a-9e2f-81d4b6a07c55"]

        static func check(_ input: [UInt8]) {
            let manifest: FleetManifest
            do { manifest = try FleetManifest(parsing: input, file: "fuzz.json") } catch {
                if error.position == nil { finding("a refusal with no position: \(error)") }
                if "\(error)".utf8.contains(where: { $0 == 10 || $0 == 13 }) {
                    finding("a refusal of more than one line: \(error)")
                }
                return
            }
            let bytes = manifest.encoded()
            let again: FleetManifest
            do { again = try FleetManifest(parsing: bytes, file: "encoded.json") } catch {
                finding("the manifest written does not read back: \(error)")
            }
            if again != manifest { finding("the manifest read changes when written and read again") }
            if again.encoded() != bytes { finding("the manifest read back is written otherwise") }
            for channel in manifest.channels.keys.sorted() { select(channel, in: manifest, again: again) }
            do {
                _ = try manifest.select(channel: "no such channel", context: [:], installID: "")
                finding("a channel the manifest cannot name was selected from")
            } catch {
                if error != .unknownChannel("no such channel") { finding("an unknown channel is refused as \(error)") }
            }
        }

        /// Selects from `channel` for every device, with no copy run before and with the copy of
        /// each paused rule (the only rules that look at it): the same selection twice, and from
        /// `again`, and a copy that may run.
        static func select(_ channel: String, in manifest: FleetManifest, again: FleetManifest) {
            let paused = Set((manifest.channels[channel]?.rules ?? []).filter(\.paused).map(\.copy))
            let currents: [String?] = [nil] + paused.sorted().map(Optional.some)
            for context in contexts {
                for installID in installIDs {
                    for current in currents {
                        let selection: FleetSelection
                        do {
                            selection = try manifest.select(
                                channel: channel, context: context, installID: installID, current: current)
                        } catch { finding("channel \(channel) was not selected from: \(error)") }
                        let twice = try? manifest.select(
                            channel: channel, context: context, installID: installID, current: current)
                        let read = try? again.select(
                            channel: channel, context: context, installID: installID, current: current)
                        if twice != selection || read != selection {
                            finding("channel \(channel) selects otherwise when asked again")
                        }
                        verify(selection, in: manifest)
                    }
                }
            }
        }

        /// A selection names a copy the manifest lists and has not killed, by a rule of its channel.
        static func verify(_ selection: FleetSelection, in manifest: FleetManifest) {
            if selection.reason.utf8.contains(where: { $0 == 10 || $0 == 13 }) {
                finding("a reason of more than one line: \(selection.reason)")
            }
            if let copy = selection.copy {
                guard let name = selection.copyName, manifest.copies[name] == copy, !manifest.isKilled(name) else {
                    finding("selected \(selection.copyName ?? "a copy with no name"), no copy that may run")
                }
            } else if selection.copyName != nil {
                finding("selected the copy \(selection.copyName ?? "") with no record")
            }
            if let rule = selection.rule {
                let rules = manifest.channels[selection.channel]?.rules ?? []
                guard rules.contains(where: { $0.name == rule && $0.copy == selection.copyName }) else {
                    finding("selected by rule \(rule), which the channel has not for that copy")
                }
            }
        }
    }
#endif
