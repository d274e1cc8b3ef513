#!/usr/bin/env python3
"""Writes the inputs of BENCHMARKS.md's "Issue 29's speed section" (deterministic, seed 29).

    Scripts/table-bench-data.py sort DIR   # DIR/sort-1M.jsonl: 1,000,000 records, `pop` a numeric string (1 % null), 68 MB
    Scripts/table-bench-data.py big DIR    # DIR/records-1GB.jsonl: 10,000,000 records of 10 fields, 1.37 GB
"""
import os
import random
import sys

random.seed(29)
FIRST = ["Zoë", "José", "Ana", "John", "Søren", "Marie", "Ngọc", "Chiara", "Oğuz", "Ines"]
LAST = ["Müller", "García", "Nowak", "Silva", "Smith", "Curie", "Dubois", "Rossi", "Yılmaz", "Björk"]
CITIES = ["Paris", "Zürich", "Kraków", "東京", "São Paulo", "Reykjavík", "New York", "Malmö"]


def write(path, count, record):
    with open(path, "w") as output:
        lines = []
        for index in range(count):
            lines.append(record(index))
            if len(lines) >= 100_000:
                output.write("".join(lines))
                lines = []
        output.write("".join(lines))


def sort_record(index):
    pop = "null" if random.random() < 0.01 else '"%d"' % random.randrange(0, 2_000_000_000)
    return '{"id":%d,"name":"%s %s","pop":%s,"year":"%d"}\n' % (
        index, random.choice(FIRST), random.choice(LAST), pop, 1950 + random.randrange(60))


def big_record(index):
    age = random.randrange(18, 88)
    return (
        '{"id":%d,"name":"%s %s","age":%d,"city":"%s","balance":%d.%02d,"active":%s,"pop":"%d","score":%s,"note":"r%d"}\n'
        % (index, random.choice(FIRST), random.choice(LAST), age, random.choice(CITIES),
           random.randrange(100000), random.randrange(100), "true" if index % 2 else "false",
           random.randrange(1_000_000), "null" if index % 7 == 0 else str(random.randrange(1000)), index % 1000))


if __name__ == "__main__":
    kind, directory = sys.argv[1], sys.argv[2]
    if kind == "sort":
        write(os.path.join(directory, "sort-1M.jsonl"), 1_000_000, sort_record)
    else:
        write(os.path.join(directory, "records-1GB.jsonl"), 10_000_000, big_record)
