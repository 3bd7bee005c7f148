#!/usr/bin/env python3
"""Generates geodesic-oracle.csv: WGS84 inverse solutions from Python geographiclib (Karney).

Run from this folder:  pip install geographiclib && python3 make_geodesic_oracle.py
The output is committed so the Swift tests need no Python. The seed is fixed: re-running the
script with the same geographiclib version reproduces the file byte for byte.

Columns: lat1,lon1,lat2,lon2,s12,azi1,azi2 (degrees and metres, 17 significant digits).
Every pair is at most 50 km apart. Cases: random pairs anywhere on Earth (log-uniform distance
from 1 mm to 50 km), pairs at and around both poles, pairs across the antimeridian, pairs near the
equator and along meridians, near-coincident and identical points, and pairs in Helsinki.
"""
import math
import random

from geographiclib.geodesic import Geodesic

WGS84 = Geodesic.WGS84
rng = random.Random(20261122)
rows = []


def add(lat1, lon1, lat2, lon2):
    r = WGS84.Inverse(lat1, lon1, lat2, lon2)
    assert r["s12"] <= 50_000.0 + 1e-6, r
    rows.append((lat1, lon1, lat2, lon2, r["s12"], r["azi1"], r["azi2"]))


def add_direct(lat1, lon1, azi, s):
    r = WGS84.Direct(lat1, lon1, azi, s)
    lon2 = (r["lon2"] + 180.0) % 360.0 - 180.0
    lat2 = max(-90.0, min(90.0, r["lat2"]))
    # The oracle is the inverse solution of the stored coordinates, rounded as stored.
    add(round(lat1, 9), round(lon1, 9), round(lat2, 9), round(lon2, 9))


def log_distance(lo=1e-3, hi=49_900.0):
    return math.exp(rng.uniform(math.log(lo), math.log(hi)))


# Random pairs anywhere on Earth.
for _ in range(800):
    lat = math.degrees(math.asin(rng.uniform(-1, 1)))
    add_direct(lat, rng.uniform(-180, 180), rng.uniform(-180, 180), log_distance())

# At and around the poles (including the poles themselves).
for _ in range(150):
    pole = rng.choice([90.0, -90.0])
    lat = pole - math.copysign(rng.choice([0.0, rng.uniform(0, 0.5)]), pole)
    add_direct(lat, rng.uniform(-180, 180), rng.uniform(-180, 180), log_distance())
for lon in (-180.0, -90.0, 0.0, 45.0, 179.9):
    add(90.0, lon, 89.8, lon + 180.0 if lon < 0 else lon - 180.0)
    add(-90.0, lon, -89.7, lon)

# Across the antimeridian.
for _ in range(200):
    lat = rng.uniform(-85, 85)
    lon = rng.choice([-1, 1]) * (180.0 - rng.uniform(0, 0.3))
    azi = rng.choice([1, -1]) * rng.uniform(30, 150)
    add_direct(lat, lon, azi, log_distance(1.0))
add(0.0, 179.9999, 0.0, -179.9999)
add(60.0, -180.0, 60.0, 180.0)

# Equator and meridians (the algorithm's special cases).
for _ in range(60):
    add_direct(0.0, rng.uniform(-180, 180), rng.choice([90.0, -90.0, 0.0, 180.0]), log_distance())
for _ in range(40):
    add_direct(rng.uniform(-89, 89), rng.uniform(-180, 180), rng.choice([0.0, 180.0]), log_distance())

# Near-coincident and identical points.
for _ in range(100):
    lat = math.degrees(math.asin(rng.uniform(-1, 1)))
    add_direct(lat, rng.uniform(-180, 180), rng.uniform(-180, 180), log_distance(1e-6, 1e-2))
for lat, lon in ((0.0, 0.0), (60.17, 24.94), (90.0, 0.0), (-33.86, 151.21), (12.5, 180.0)):
    add(lat, lon, lat, lon)

# Helsinki, where the dataset lives.
for _ in range(100):
    add_direct(rng.uniform(60.15, 60.19), rng.uniform(24.9, 25.0), rng.uniform(-180, 180), log_distance(0.1, 5000))

with open("geodesic-oracle.csv", "w") as out:
    out.write("lat1,lon1,lat2,lon2,s12,azi1,azi2\n")
    for row in rows:
        out.write(",".join(f"{v:.17g}" for v in row) + "\n")
print(f"wrote {len(rows)} pairs")
