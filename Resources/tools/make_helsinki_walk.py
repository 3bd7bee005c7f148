#!/usr/bin/env python3
"""Generate the bundled demo track: a realistic 1 Hz walk through central Helsinki.

The walk follows real streets inside the bundled places dataset's area (lat 60.164-60.179,
lon 24.935-24.953): Rautatientori, Aleksanterinkatu, Senate Square, Market Square, Esplanadi,
Bulevardi, Kamppi, Mannerheimintie, Kaisaniemi, Kruununhaka. Walking speed varies smoothly
around 1.35 m/s, the walker waits at crossings, and the receiver adds correlated noise of a few
metres with a plausible HDOP. Deterministic: the same seed gives the same file.

Usage: python3 Resources/tools/make_helsinki_walk.py > Resources/demo/helsinki-walk.gpx
"""

import math
import random
from datetime import datetime, timedelta, timezone

SEED = 20261122
START = datetime(2026, 6, 12, 11, 30, 0, tzinfo=timezone.utc)
MIN_DURATION_S = 3900  # a little over an hour

# (lat, lon) corners of the route, walked in order and then again in reverse.
ROUTE = [
    (60.17106, 24.94330),  # Rautatientori, by the station
    (60.16985, 24.94290),  # Keskuskatu south
    (60.16920, 24.94620),  # Aleksanterinkatu east
    (60.16930, 24.95170),  # Senate Square
    (60.16780, 24.95230),  # Market Square
    (60.16750, 24.94870),  # Esplanadi east end
    (60.16700, 24.94230),  # Esplanadi west end
    (60.16610, 24.93950),  # Erottaja to Bulevardi
    (60.16480, 24.93640),  # Bulevardi south-west
    (60.16660, 24.93560),  # Albertinkatu north
    (60.16880, 24.93560),  # Kamppi
    (60.17080, 24.93720),  # Mannerheimintie by the Parliament corner
    (60.17400, 24.93780),  # Mannerheimintie north
    (60.17550, 24.94100),  # Töölönlahti shore
    (60.17500, 24.94560),  # Kaisaniemi park
    (60.17770, 24.94900),  # Siltasaarenkatu towards Hakaniemi
    (60.17380, 24.95050),  # Kruununhaka, Liisankatu
    (60.17150, 24.95250),  # Kruununhaka south
    (60.17020, 24.94900),  # Kirkkokatu
    (60.17106, 24.94330),  # back at Rautatientori
]

EARTH_R = 6371008.8


def step_towards(lat, lon, lat2, lon2, metres):
    """Moves `metres` along the rhumb towards (lat2, lon2); short hops, so a sphere is fine."""
    dy = math.radians(lat2 - lat) * EARTH_R
    dx = math.radians(lon2 - lon) * EARTH_R * math.cos(math.radians(lat))
    d = math.hypot(dx, dy)
    if d <= metres:
        return lat2, lon2, d
    f = metres / d
    return lat + (lat2 - lat) * f, lon + (lon2 - lon) * f, metres


def main():
    rng = random.Random(SEED)
    route = ROUTE + list(reversed(ROUTE[:-1]))
    points = []
    lat, lon = route[0]
    t = 0
    speed = 1.35
    noise_n = noise_e = 0.0
    target = 1
    wait = 0
    while t < MIN_DURATION_S:
        if wait > 0:
            wait -= 1
        else:
            speed += (1.35 - speed) * 0.05 + rng.gauss(0, 0.04)
            speed = min(1.7, max(0.9, speed))
            remaining = speed
            while remaining > 1e-9:
                tlat, tlon = route[target]
                lat, lon, moved = step_towards(lat, lon, tlat, tlon, remaining)
                remaining -= moved
                if (lat, lon) == (tlat, tlon):
                    target = (target + 1) % len(route)
                    if rng.random() < 0.5:
                        wait = rng.randint(8, 35)  # a red light at the crossing
                    if moved == 0:
                        break
        # AR(1) receiver noise in metres, about 2-3 m standard deviation.
        noise_n = 0.9 * noise_n + rng.gauss(0, 1.0)
        noise_e = 0.9 * noise_e + rng.gauss(0, 1.0)
        nlat = lat + math.degrees(noise_n / EARTH_R)
        nlon = lon + math.degrees(noise_e / (EARTH_R * math.cos(math.radians(lat))))
        hdop = round(0.8 + abs(rng.gauss(0, 0.3)), 1)
        ele = round(12 + 6 * math.sin(t / 600) + rng.gauss(0, 0.3), 1)
        points.append((nlat, nlon, ele, START + timedelta(seconds=t), hdop))
        t += 1

    out = []
    out.append('<?xml version="1.0" encoding="UTF-8"?>')
    out.append(
        '<gpx version="1.1" creator="forage make_helsinki_walk.py"'
        ' xmlns="http://www.topografix.com/GPX/1/1">'
    )
    out.append("  <metadata><name>Central Helsinki walk</name>"
               "<desc>Synthetic 1 Hz walk for forage demo</desc></metadata>")
    out.append("  <trk><name>Central Helsinki walk</name><trkseg>")
    for nlat, nlon, ele, when, hdop in points:
        out.append(
            f'    <trkpt lat="{nlat:.7f}" lon="{nlon:.7f}"><ele>{ele}</ele>'
            f"<time>{when.strftime('%Y-%m-%dT%H:%M:%SZ')}</time><hdop>{hdop}</hdop></trkpt>"
        )
    out.append("  </trkseg></trk>")
    out.append("</gpx>")
    print("\n".join(out))


if __name__ == "__main__":
    main()
