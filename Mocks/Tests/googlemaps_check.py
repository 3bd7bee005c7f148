#!/usr/bin/env python3
"""Runs Nearby Search queries through Google's own Python client (`googlemaps`) against a
Places-style server and prints, as JSON, the place ids of every page of every query.

Usage:
    googlemaps_check.py --base-url http://127.0.0.1:PORT --key AIza... --queries JSON

--queries is a JSON list of objects with the keyword arguments of
googlemaps.Client.places_nearby (location as [lat, lng]; radius, rank_by, type, keyword, name,
open_now, min_price, max_price, language). The output is a JSON list with one object per query:
    {"status": "OK" | "ZERO_RESULTS", "pages": [[id, ...], ...]}
or, when the client raised an API error,
    {"status": "REQUEST_DENIED" | ..., "error": true}
A next_page_token that is not valid yet (INVALID_REQUEST) is retried after --token-wait seconds,
up to --token-attempts times, as Google's documentation advises.

Exit status: 0 on success, 3 when googlemaps cannot be imported (the caller skips), 2 on a bad
command line.
"""

import argparse
import json
import sys
import time

try:
    import googlemaps
    from googlemaps.exceptions import ApiError
except ImportError as error:  # pragma: no cover - depends on the machine
    print(f"googlemaps_check: cannot import googlemaps ({error}); pip install googlemaps",
          file=sys.stderr)
    sys.exit(3)


def fetch_pages(client, query, token_wait, token_attempts):
    """Returns the ids of each page of one query, following next_page_token to the end."""
    arguments = dict(query)
    if "location" in arguments:
        arguments["location"] = tuple(arguments["location"])
    response = client.places_nearby(**arguments)
    status = response["status"]
    pages = [[result["place_id"] for result in response.get("results", [])]]
    token = response.get("next_page_token")
    while token:
        for attempt in range(token_attempts):
            try:
                response = client.places_nearby(page_token=token)
                break
            except ApiError as error:
                if error.status != "INVALID_REQUEST" or attempt == token_attempts - 1:
                    raise
                time.sleep(token_wait)
        pages.append([result["place_id"] for result in response.get("results", [])])
        token = response.get("next_page_token")
    return {"status": status, "pages": pages}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base-url", required=True)
    parser.add_argument("--key", required=True, help="an API key starting with AIza")
    parser.add_argument("--queries", required=True, help="a JSON list of places_nearby kwargs")
    parser.add_argument("--token-wait", type=float, default=0.2)
    parser.add_argument("--token-attempts", type=int, default=20)
    options = parser.parse_args()

    client = googlemaps.Client(
        key=options.key,
        base_url=options.base_url.rstrip("/"),
        retry_timeout=10,
    )
    # Talk to the local server directly even when the environment names a proxy.
    client.session.trust_env = False

    results = []
    for query in json.loads(options.queries):
        try:
            results.append(fetch_pages(client, query, options.token_wait, options.token_attempts))
        except ApiError as error:
            results.append({"status": error.status, "error": True})
    json.dump(results, sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
