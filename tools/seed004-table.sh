#!/usr/bin/env bash
# Regenerates the two tables of scenarios/seed004/README.md between their markers:
#  - Tables 1-3: every forward-delay estimate against the true delay of the same segment,
#    printed by the test that checks them (crates/core/tests/seed004.rs);
#  - Fast Increase: aggregate goodput of the sessions sweep (seed004/sessions) from the CLI.
# Usage: bash tools/seed004-table.sh   (from the repository root; builds what it needs)
set -euo pipefail
cd "$(dirname "$0")/.."
readme=scenarios/seed004/README.md
cargo build --release --quiet --manifest-path engine-wasm/Cargo.toml -p ackscope-cli
owd_rows=$(cargo test --release --quiet --manifest-path engine-wasm/Cargo.toml -p ackscope-engine \
  --test seed004 every_estimate_of_tables_1_to_3 -- --nocapture 2>/dev/null | grep '^| ')
fi_json=$(engine-wasm/target/release/ackscope sweep seed004/sessions --format json)
OWD_ROWS="$owd_rows" FI_JSON="$fi_json" python3 - "$readme" <<'PY'
import json, os, re, sys
path = sys.argv[1]
text = open(path).read()

owd_head = ("| n | reverse CBR | estimates | estimated mean / std (s) | true mean / std (s) | mean error (ms) "
            "| median abs error (ms) | max abs error (ms) | RTT/2 mean (s) | paper: estimated mean / std "
            "| paper: true mean / std | paper: error (ms) |\n" + "|---" * 12 + "|\n")
owd = owd_head + os.environ["OWD_ROWS"].strip() + "\n"

runs = json.loads(os.environ["FI_JSON"])["runs"]
cells = {}
for r in runs:
    a = r["axes"]
    total = sum(f["goodput_bps"] for f in r["summary"]["flows"] if f["id"].startswith("s"))
    cells[(a["delay"], a["sessions"], a["tcp"])] = total / 1000
fi = "| ACK-channel delay | sessions | Reno (kbit/s) | FI (kbit/s) | FI against Reno |\n|---|---|---|---|---|\n"
for (delay, sessions, tcp) in cells:
    if tcp != "Reno":
        continue
    reno, fast = cells[(delay, sessions, "Reno")], cells[(delay, sessions, "FI")]
    fi += f"| {delay} | {sessions} | {reno:.1f} | {fast:.1f} | {(fast / reno - 1) * 100:+.1f} % |\n"

def splice(text, name, body):
    pat = re.compile(rf"(<!-- {name}:begin[^>]*-->\n).*?(<!-- {name}:end -->)", re.S)
    assert pat.search(text), f"no {name} markers in {path}"
    return pat.sub(lambda m: m.group(1) + body + m.group(2), text)

text = splice(text, "owd-table", owd)
text = splice(text, "fi-table", fi)
open(path, "w").write(text)
PY
echo "updated $readme"
