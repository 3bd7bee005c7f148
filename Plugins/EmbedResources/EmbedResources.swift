import PackagePlugin

/// Builds the data `forage` needs into its binary: generates a Swift file holding each text
/// file the target lists in ``files`` as a string, so an installed or copied `forage` needs no
/// resource bundle beside it.
@main struct EmbedResources: BuildToolPlugin {
  /// The embedded files, by the name of their constant in `EmbeddedResources`, with their path
  /// inside the target's folder.
  static let files: [(name: String, path: String)] = [
    ("helsinkiWalk", "demo/helsinki-walk.gpx"),
    ("helsinkiPlaces", "demo/helsinki-osm-eateries.geojson"),
  ]

  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let inputs = Self.files.map { target.directoryURL.appending(path: $0.path) }
    let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedResources.swift")
    var arguments = [output.path]
    for (file, input) in zip(Self.files, inputs) { arguments += [file.name, input.path] }
    return [
      .buildCommand(
        displayName: "Embedding \(Self.files.count) files in \(target.name)",
        executable: try context.tool(named: "embed-resources").url,
        arguments: arguments,
        inputFiles: inputs,
        outputFiles: [output]
      )
    ]
  }
}
