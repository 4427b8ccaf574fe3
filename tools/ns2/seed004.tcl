# Seed 004's Fig. 5 path in ns-2, built as scenarios/seed004/asymmetric.toml builds it,
# to cross-check the seed's asymmetry sweep (Tables 1-3) with limited transmit off and on.
#
#   sender --10 Mbit/s both ways, 50 ms-- router --n x 128 kbit/s forward, 128 kbit/s back,
#          50 ms-- receiver
#
# Every queue DropTail, 50 packets. Reno, 1460-byte segments plus 40 header bytes
# (useHeaders_), 40-byte ACKs, an ACK per segment (TCPSink), window 43 segments (our 64 KB
# receive window: 64000 / 1460), a 40-byte SYN first (syn_, delay_growth_), initial window
# 1, ns-2's timer with a 200 ms minimum (minrto_ 0.2, tcpTick_ 0.01), FTP from 0 s.
# Optional reverse CBR: UDP datagrams of 210 bytes (ns-2's default CBR size) from the
# receiver to the sender at 30 or 100 kbit/s, sharing the ACK channel, from 0 s.
# Nothing is random: no error model, CBR without jitter (random_ 0).
#
# Usage: ns seed004.tcl <n> <cbr_bps> <singledup 0|1> [duration_s, 30 unless given] [preset] [tracefile] [sink]
#   n:       asymmetry: the forward rate is n x 128 kbit/s
#   cbr_bps: reverse CBR rate in bit/s, 0 for none
#   preset:  ours (default) as above; ns226 ns-2.26's own defaults where they differ
#            from ours (ns-default.tcl of early 2003): initial window 2, minrto_ 1,
#            rtxcur_init_ 6, precisionReduce_ false, maxrto_ 100000
#   tracefile: keep the whole packet trace (ns-2's format) there
#   sink:    TCPSink (default) or TCPSink/DelAck (ns-2's delayed ACKs, 100 ms timer), for
#            tools/seed004-syn-sample.sh
# Prints goodput_bps (in-order payload over the run), retransmits (nrexmitpack_), timeouts
# (nrexmit_), and the true one-way delay of data segments from the sender's send to the
# receiver's arrival (from the trace; the SYN left out): owd_n, owd_mean_s, owd_std_s.
foreach {n cbr singledup duration preset tracefile sinktype} $argv break
if {$sinktype eq ""} { set sinktype TCPSink }
if {$duration eq ""} { set duration 30 }
if {$preset eq ""} { set preset ours }

set ns [new Simulator]
Queue set limit_ 50
Agent/TCP set packetSize_ 1460
Agent/TCP set window_ 43
Agent/TCP set useHeaders_ true
Agent/TCP set syn_ true
Agent/TCP set delay_growth_ true
Agent/TCP set singledup_ $singledup
Agent/TCP set tcpTick_ 0.01
if {$preset eq "ns226"} {
    Agent/TCP set windowInit_ 2
    Agent/TCP set minrto_ 1
    Agent/TCP set rtxcur_init_ 6.0
    Agent/TCP set precisionReduce_ false
    Agent/TCP set maxrto_ 100000
} else {
    Agent/TCP set windowInit_ 1
    Agent/TCP set minrto_ 0.2
    # Our RFC 6298 timer starts at 1 s; only a lost SYN would see it.
    Agent/TCP set rtxcur_init_ 1.0
}

# The whole trace if a file is given (trace-all acts on links built after it); else a
# scratch trace of the two forward links (sends at the sender, arrivals at the receiver)
# in $TMPDIR (or here), deleted at the end.
if {$tracefile ne ""} {
    set tracepath $tracefile
    set tf [open $tracepath w]
    $ns trace-all $tf
}
set sender [$ns node]
set router [$ns node]
set receiver [$ns node]
$ns duplex-link $sender $router 10Mb 50ms DropTail
$ns simplex-link $router $receiver [expr {round($n * 128000)}] 50ms DropTail
$ns simplex-link $receiver $router 128Kb 50ms DropTail
if {$tracefile eq ""} {
    set scratch [expr {[info exists env(TMPDIR)] ? $env(TMPDIR) : [pwd]}]
    set tracepath [file join $scratch seed004-[pid].tr]
    set tf [open $tracepath w]
    $ns trace-queue $sender $router $tf
    $ns trace-queue $router $receiver $tf
}

set tcp [new Agent/TCP/Reno]
set sink [new Agent/$sinktype]
$ns attach-agent $sender $tcp
$ns attach-agent $receiver $sink
$ns connect $tcp $sink
set ftp [new Application/FTP]
$ftp attach-agent $tcp
$ns at 0.0 "$ftp start"

if {$cbr > 0} {
    set udp [new Agent/UDP]
    set null [new Agent/Null]
    $ns attach-agent $receiver $udp
    $ns attach-agent $sender $null
    $ns connect $udp $null
    set cbrApp [new Application/Traffic/CBR]
    $cbrApp set packetSize_ 210
    $cbrApp set rate_ $cbr
    $cbrApp attach-agent $udp
    $ns at 0.0 "$cbrApp start"
}

proc finish {} {
    global ns tcp sink duration tf tracepath tracefile sender receiver
    $ns flush-trace
    close $tf
    set sid [$sender id]
    set rid [$receiver id]
    # Send time by packet uid (field 12); an arrival at the receiver closes it. The SYN
    # is the 40-byte tcp packet.
    set sent [dict create]
    set k 0; set sum 0.0; set sumsq 0.0
    set f [open $tracepath r]
    while {[gets $f line] >= 0} {
        lassign $line ev t from to type size
        if {$type ne "tcp" || $size == 40} continue
        set uid [lindex $line 11]
        if {$ev eq "+" && $from == $sid} {
            dict set sent $uid $t
        } elseif {$ev eq "r" && $to == $rid && [dict exists $sent $uid]} {
            set d [expr {$t - [dict get $sent $uid]}]
            incr k
            set sum [expr {$sum + $d}]
            set sumsq [expr {$sumsq + $d * $d}]
        }
    }
    close $f
    if {$tracefile eq ""} { file delete $tracepath }
    set mean [expr {$k ? $sum / $k : 0}]
    set std [expr {$k ? sqrt(max(0.0, $sumsq / $k - $mean * $mean)) : 0}]
    # bytes_ counts in-order delivered packets with their 40 header bytes (the SYN's 40 too).
    set pkts [expr {[$sink set bytes_] / 1500}]
    puts "goodput_bps [expr {$pkts * 1460 * 8.0 / $duration}] retransmits [$tcp set nrexmitpack_] timeouts [$tcp set nrexmit_] owd_n $k owd_mean_s $mean owd_std_s $std"
    exit 0
}
$ns at $duration "finish"
$ns run
