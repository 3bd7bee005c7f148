"""Evaluates opening_hours values with opening-hours-py, the independent oracle of
OpeningHoursOracleTests.

Reads a JSON request from the file named by the first argument:
  {"expressions": [str], "instants": [epoch seconds], "zones": [IANA zone], "years": [int]}
and writes to stdout:
  {"finnishHolidays": ["YYYY-MM-DD"],
   "results": [{"error": str} | {"plain": str, "finland": str | null}]}
Each state string has one letter per (zone, instant), zone-major: o open, c closed, u unknown.
Instants are read as naive local wall-clock times in each zone. "plain" has no holiday
calendar (the crate then treats no day as a public holiday); "finland" uses country="FI" and is
given only for values that mention PH.
"""

import datetime
import json
import sys
import zoneinfo

try:
    import opening_hours
except ImportError:
    sys.stderr.write(
        "opening-hours-py is not installed: "
        "python3 -m pip install --break-system-packages opening-hours-py\n"
    )
    sys.exit(3)

LETTERS = {"open": "o", "closed": "c", "unknown": "u"}


def letter(state):
    return LETTERS[str(state).split(".")[-1].lower()]


def main():
    with open(sys.argv[1], encoding="utf-8") as request_file:
        request = json.load(request_file)
    local_times = []
    for zone_name in request["zones"]:
        zone = zoneinfo.ZoneInfo(zone_name)
        for instant in request["instants"]:
            local = datetime.datetime.fromtimestamp(instant, zone).replace(tzinfo=None)
            local_times.append(local)

    finnish_days = []
    holidays = opening_hours.OpeningHours("PH", country="FI")
    for year in request["years"]:
        day = datetime.date(year, 1, 1)
        while day.year == year:
            noon = datetime.datetime(day.year, day.month, day.day, 12, 0)
            if letter(holidays.state(noon)[0]) == "o":
                finnish_days.append(day.isoformat())
            day += datetime.timedelta(days=1)

    results = []
    for expression in request["expressions"]:
        try:
            plain = opening_hours.OpeningHours(expression)
        except Exception as error:  # the binding raises its own SyntaxError subclasses
            results.append({"error": str(error).splitlines()[-1] if str(error) else "error"})
            continue
        result = {"plain": "".join(letter(plain.state(t)[0]) for t in local_times)}
        result["finland"] = None
        if "PH" in expression:
            finland = opening_hours.OpeningHours(expression, country="FI")
            result["finland"] = "".join(letter(finland.state(t)[0]) for t in local_times)
        results.append(result)
    json.dump({"finnishHolidays": finnish_days, "results": results}, sys.stdout)


if __name__ == "__main__":
    main()
