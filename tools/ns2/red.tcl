# A RED bottleneck in ns-2.35, to cross-check Ackscope's RED and ECN marking.
#
#   s0..s(n-1) --10 Mbit/s, 1+2i ms, DropTail-- r1 ==rate, delay, RED== r2 --10 Mbit/s, 1 ms-- d
#
# n FTP flows s_i -> d over the RED link (both directions RED with ns-2.35's
# defaults: bytes mode, automatic thresholds and q_weight, gentle, wait,
# mean_pktsize 500), ECN off or on (setbit_ and the agents' ecn_). TCP aligned
# with Ackscope's scenario fields as in chain.tcl: syn_ true, windowInit_ 1,
# singledup_ 0 (no limited transmit), 40-byte headers, 200 ms minimum RTO,
# 10 ms ticks. ns-2's default seed (a small seed makes its first draws tiny).
#
# Usage: ns red.tcl <agent> <sink> <flows> <ecn 0|1> <rate> <delay> <limit_pkts> <duration_s> <window_pkts> [<bytes 0|1>]
#   agent: TCP/Reno | TCP/Newreno | TCP/Sack1 ...   sink: TCPSink | TCPSink/Sack1 ...
# Prints, for the r1->r2 queue: packets offered (the '+' lines, drops included), drops
# ('d' lines), CE marks (dequeued packets with the E flag), then the total
# goodput (in-order payload bit/s over the run), retransmitted packets and timeouts.
foreach {agent sinkType n ecn rate delay qlim duration window bytes} $argv break
if {$bytes == ""} { set bytes 1 }

set ns [new Simulator]
Agent/TCP set packetSize_ 1000
Agent/TCP set window_ $window
Agent/TCP set windowInit_ 1
Agent/TCP set syn_ true
Agent/TCP set singledup_ 0
Agent/TCP set minrto_ 0.2
Agent/TCP set tcpTick_ 0.01
Agent/TCP set ecn_ $ecn
Queue/RED set setbit_ [expr {$ecn ? "true" : "false"}]
# bytes 0: the queue counted in packets (ns-2.35's default is bytes).
Queue/RED set bytes_ [expr {$bytes ? "true" : "false"}]
Queue/RED set queue_in_bytes_ [expr {$bytes ? "true" : "false"}]

set r1 [$ns node]
set r2 [$ns node]
set d [$ns node]
$ns duplex-link $r1 $r2 $rate $delay RED
$ns queue-limit $r1 $r2 $qlim
$ns queue-limit $r2 $r1 $qlim
$ns duplex-link $r2 $d 10Mb 1ms DropTail

# A scratch trace, deleted at the end: in $TMPDIR if set, else here.
set scratch [expr {[info exists env(TMPDIR)] ? $env(TMPDIR) : [pwd]}]
set tracefile [file join $scratch red-[pid].tr]
set tf [open $tracefile w]
$ns trace-queue $r1 $r2 $tf

set tcps {}
set sinks {}
for {set i 0} {$i < $n} {incr i} {
    set s [$ns node]
    $ns duplex-link $s $r1 10Mb [expr {1 + 2 * $i}]ms DropTail
    set tcp [new Agent/$agent]
    set sink [new Agent/$sinkType]
    $ns attach-agent $s $tcp
    $ns attach-agent $d $sink
    $ns connect $tcp $sink
    set ftp [new Application/FTP]
    $ftp attach-agent $tcp
    $ns at 0.0 "$ftp start"
    lappend tcps $tcp
    lappend sinks $sink
}

proc finish {} {
    global tcps sinks duration tf tracefile
    close $tf
    set enq 0; set drops 0; set marks 0
    set f [open $tracefile r]
    while {[gets $f line] >= 0} {
        set ev [lindex $line 0]
        set type [lindex $line 4]
        if {$type != "tcp"} continue
        if {$ev == "+"} { incr enq }
        if {$ev == "d"} { incr drops }
        if {$ev == "-" && [string index [lindex $line 6] 4] == "E"} { incr marks }
    }
    close $f
    file delete $tracefile
    set pkts 0; set rexmit 0; set tos 0
    foreach tcp $tcps sink $sinks {
        set pkts [expr {$pkts + [$sink set bytes_] / 1040}]
        incr rexmit [$tcp set nrexmitpack_]
        incr tos [$tcp set nrexmit_]
    }
    puts "arrivals $enq drops $drops marks $marks goodput_bps [expr {$pkts * 1000 * 8.0 / $duration}] retransmits $rexmit timeouts $tos"
    exit 0
}
$ns at $duration "finish"
$ns run
