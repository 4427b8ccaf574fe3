# Runs snoop.tcl over the cross-check grid and writes snoop.csv, the ns-2
# reference that engine-wasm/crates/core/tests/snoop_ns2.rs compares against.
# Snoop off and on; wireless BER 0 (one run: nothing random), 1.2e-6 and 6.2e-6
# (1.0 % and 5.0 % of the 1040-byte segments lost), seeds 1..30; 30 s each.
# Usage (from tools/ns2): ns snoop-grid.tcl   (about a minute)
set out [open snoop.csv w]
puts $out "snoop,ber,seed,goodput_bps,retransmits,timeouts,local_retransmits,suppressed_dupacks"
# A scratch trace, deleted at the end: in $TMPDIR if set, else here.
set scratch [expr {[info exists env(TMPDIR)] ? $env(TMPDIR) : [pwd]}]
set tmp [file join $scratch snoop-grid-[pid].tr]
foreach snoop {0 1} {
    foreach ber {0 1.2e-6 6.2e-6} {
        set seeds [expr {$ber == 0 ? 1 : 30}]
        for {set seed 1} {$seed <= $seeds} {incr seed} {
            set line [lindex [split [exec ns snoop.tcl $snoop $ber $seed 30 $tmp 2>/dev/null] "\n"] end]
            array set r $line
            puts $out [join [list $snoop $ber $seed $r(goodput_bps) $r(retransmits) $r(timeouts) \
                                 $r(local_retransmits) $r(suppressed_dupacks)] ","]
        }
    }
}
file delete $tmp
close $out
exit 0
