# Runs seed001.tcl over the seed-001 grid and writes seed001.csv, the ns-2 column of
# scenarios/seed001/README.md (tools/seed001-table.sh):
# - bulk: 60 s, BER 1e-6, Tahoe / Snoop / Spoofing (local recovery, the same with the leg
#   behind the downlink's queue, and an ordinary leg), seeds 1..20;
# - files (fig. 3): 10, 30, 100, 300, 1000 and 3000 segments of 1000 B, 300 s at most,
#   seeds 1..5.
# Run k draws its losses from MRG32k3a substreams (seed001.tcl's default, independent
# replications).
# Usage (from tools/ns2): nice ns seed001-grid.tcl   (a few minutes)
set out [open seed001.csv w]
puts $out "proxy,file_pkts,seed,goodput_bps,completion_s,retransmits,timeouts"
set scratch [expr {[info exists env(TMPDIR)] ? $env(TMPDIR) : [pwd]}]
set tmp [file join $scratch seed001-grid-[pid].tr]
proc one {proxy file_pkts seed duration} {
    global out tmp
    set line [lindex [split [exec ns seed001.tcl $proxy 1e-6 $seed $duration $file_pkts $tmp 2>/dev/null] "\n"] end]
    array set r $line
    puts $out [join [list $proxy $file_pkts $seed $r(goodput_bps) $r(completion_s) $r(retransmits) $r(timeouts)] ","]
    flush $out
}
foreach proxy {tahoe snoop spoof spoof-queue-first spoof-plain} {
    for {set seed 1} {$seed <= 20} {incr seed} { one $proxy 0 $seed 60 }
}
foreach proxy {tahoe snoop spoof spoof-queue-first} {
    foreach pkts {10 30 100 300 1000 3000} {
        for {set seed 1} {$seed <= 5} {incr seed} { one $proxy $pkts $seed 300 }
    }
}
file delete $tmp
close $out
exit 0
