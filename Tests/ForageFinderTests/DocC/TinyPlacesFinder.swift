import ForageFinder
import ForageHTTP
import ForageProviders
import Foundation

// How the article "Implementing a provider" (ForageProviders.docc) puts the provider to work,
// word for word between the markers: DocCSnippetTests checks the article against this file,
// and TinyPlacesProviderTests runs it.

// docc-snippet: live
/// The provider over the real API: requests sent by libcurl, the key in a header, HTTP 429 and
/// 502–504 and connection failures retried three times, 0.5 s and then 1 s apart.
func makeTinyPlacesProvider(key: String) -> TinyPlacesProvider {
  TinyPlacesProvider(configuration: .init(apiKey: PlacesAPIKey(key), retry: .placesSearch))
}
// docc-snippet-end

// docc-snippet: finder
/// A finder over the Tiny Places API: the `limit` nearest restaurants within 300 m of every
/// fix, with every request the provider sends counted in the run's summary.
func makeTinyPlacesFinder(api: TinyPlacesAPI, limit: Int) -> Finder {
  let provider = TinyPlacesProvider(transport: api)
  return Finder(
    options: FinderOptions(query: PlacesQuery(radius: 300, limit: limit, type: "restaurant")),
    middleware: Finder.defaultMiddleware(provider: provider, requestCount: { api.requestCount })
  )
}
// docc-snippet-end
