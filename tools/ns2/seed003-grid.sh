#!/usr/bin/env bash
# Runs seed 003's grid in ns-2 and writes the reference tables the sweeps
# compare with: scenarios/seed003/ns2-table1.csv and ns2-table2.csv; with
# `old` as argument, under ns-2's timer defaults before 2001 (seed003.tcl):
# ns2-old-table1.csv and ns2-old-table2.csv; with `ns235`, under ns-2.35's own
# defaults (40-byte headers, limited transmit) measured over 50-60 s:
# ns2-ns235-table1.csv and ns2-ns235-table2.csv; with `filter`, Table 2's two-way
# runs with ACK filtering (filteracks_) against none: ns2-filter-table.csv.
# Needs ns-2 (`ns`). Usage: tools/ns2/seed003-grid.sh [old|ns235|filter]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="$here/../../scenarios/seed003"
senders=("Tahoe TCP" "Reno TCP/Reno" "Sack1 TCP/Sack1" "Vegas TCP/Vegas" "Fack TCP/Fack")
speeds=("100M 100Mb" "20M 20Mb" "10M 10Mb" "2M 2Mb" "512K 512Kb" "56K 56Kb")
sinks=("TCPSink TCPSink" "DelAck TCPSink/DelAck" "Sack1 TCPSink/Sack1" "Sack1/DelAck TCPSink/Sack1/DelAck")
old=0 prefix=ns2 what="ns-2.35" window="10 20"
if [ "${1:-}" = old ]; then old=1 prefix=ns2-old what="ns-2.35 with its pre-2001 timer defaults"; fi
if [ "${1:-}" = ns235 ]; then
  old=ns235 prefix=ns2-ns235 window="50 60" what="ns-2.35 with its own defaults (useHeaders_, singledup_ 1), payload kbit/s over 50-60 s"
fi
cell() { ns "$here/seed003.tcl" "$1" "$2" "$3" "$4" "$5" "$old" $window; }
if [ "${1:-}" = filter ]; then
  {
    echo "# Seed 003, two-way throughput with and without ACK filtering, ns-2.35 (filteracks_ of PacketQueue/Semantic), setup of tools/ns2/seed003.tcl (kbit/s)."
    echo "sender,speed,sink,queue,value"
    for s in "${senders[@]}"; do set -- $s; sl=$1 sa=$2
      for p in "${speeds[@]}"; do set -- $p; pl=$1 pr=$2
        for k in "${sinks[@]}"; do set -- $k; kl=$1 ka=$2
          echo "$sl,$pl,$kl,normal,$(grep "^$sl,$pl,$kl,two-way," "$out/ns2-table1.csv" | cut -d, -f5)"
          echo "$sl,$pl,$kl,filter,$(cell "$sa" "$ka" "$pr" 1 filter)"
        done; done; done
  } > "$out/ns2-filter-table.csv"
  exit 0
fi
{
  echo "# Seed 003, Table 1, $what, with the setup of tools/ns2/seed003.tcl (kbit/s)."
  echo "sender,speed,sink,traffic,value"
  for s in "${senders[@]}"; do set -- $s; sl=$1 sa=$2
    for p in "${speeds[@]}"; do set -- $p; pl=$1 pr=$2
      for k in "${sinks[@]}"; do set -- $k; kl=$1 ka=$2
        echo "$sl,$pl,$kl,one-way,$(cell "$sa" "$ka" "$pr" 0 0)"
        echo "$sl,$pl,$kl,two-way,$(cell "$sa" "$ka" "$pr" 1 0)"
      done; done; done
} > "$out/$prefix-table1.csv"
{
  echo "# Seed 003, Table 2, $what, with the setup of tools/ns2/seed003.tcl (kbit/s)."
  echo "sender,speed,sink,queue,value"
  for s in "${senders[@]}"; do set -- $s; sl=$1 sa=$2
    for p in "${speeds[@]}"; do set -- $p; pl=$1 pr=$2
      for k in "${sinks[@]}"; do set -- $k; kl=$1 ka=$2
        echo "$sl,$pl,$kl,normal,$(grep "^$sl,$pl,$kl,two-way," "$out/$prefix-table1.csv" | cut -d, -f5)"
        echo "$sl,$pl,$kl,priority,$(cell "$sa" "$ka" "$pr" 1 1)"
      done; done; done
} > "$out/$prefix-table2.csv"
