#!/usr/bin/env bash
# Regenerates the "pre-2001 defaults" table of scenarios/seed003/README.md: seed 003's
# Tables 1-2 under ns-2's timer defaults before 2001, ours (crates/core/tests/seed003.rs)
# against ns-2.35 run the same way (scenarios/seed003/ns2-old-table*.csv, written by
# `tools/ns2/seed003-grid.sh old`).
# Usage: bash tools/seed003-old-table.sh   (from the repository root)
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(cargo test --release --quiet --manifest-path engine-wasm/Cargo.toml -p ackscope-engine \
  --test seed003 under_the_pre_2001 -- --nocapture 2>/dev/null)
ROWS="$out" python3 - scenarios/seed003 <<'PY'
import csv, os, re, sys
d = sys.argv[1]
rows = [l for l in os.environ["ROWS"].splitlines() if l.startswith("| table")]
agree = dict(re.findall(r"AGREEMENT (table\d): (\d+ of \d+)", os.environ["ROWS"]))

def load(name, key):
    with open(f"{d}/{name}") as f:
        lines = [l for l in f if not l.startswith("#")]
    return {" / ".join([r["sender"], r["speed"], r["sink"], r[key]]): float(r["value"]) for r in csv.DictReader(lines)}

close = lambda a, b: abs(a - b) <= 0.01 * max(abs(a), abs(b))
body = "| | Table 1 | Table 2 |\n|---|---|---|\n"
body += f"| ours vs ns-2.35, pre-2001 defaults (cells within 1 %) | {agree['table1']} | {agree['table2']} |\n"
moved, followed = {}, {}
for t, key in [("table1", "traffic"), ("table2", "queue")]:
    new, old = load(f"ns2-{t}.csv", key), load(f"ns2-old-{t}.csv", key)
    ours = {r.split("|")[2].strip(): float(r.split("|")[3]) for r in rows if r.split("|")[1].strip() == t}
    changed = [k for k in old if not close(old[k], new[k])]
    moved[t] = len(changed)
    followed[t] = sum(close(ours[k], old[k]) for k in changed)
body += f"| cells the old defaults move by more than 1 % in ns-2.35 | {moved['table1']} | {moved['table2']} |\n"
body += f"| ... of which ours moves to ns-2's figure | {followed['table1']} | {followed['table2']} |\n\n"
body += "Cells still more than 1 % apart:\n\n| table | sender / speed / sink / traffic or queue | ours | ns-2.35 | ours against ns-2 |\n|---|---|---|---|---|\n"
for r in rows:
    v = float(r.split("|")[5].replace("%", ""))
    if abs(v) > 1.0:
        body += r + "\n"
path = f"{d}/README.md"
text = open(path).read()
pat = re.compile(r"(<!-- old-defaults:begin[^>]*-->\n).*?(<!-- old-defaults:end -->)", re.S)
assert pat.search(text), "no old-defaults markers"
open(path, "w").write(pat.sub(lambda m: m.group(1) + body + m.group(2), text))
print("updated", path)
PY
