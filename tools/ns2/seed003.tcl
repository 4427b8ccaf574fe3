# Seed 003's setup in ns-2: nodes i and j on one duplex link (10 ms, DropTail,
# 50 packets), window 64, 1000-byte packets with no header bytes on the wire
# (ns-2's useHeaders_ false, its default before November 2001), no limited
# transmit (singledup_ 0, also its default until November 2001), FTP from i to j
# and, two-way, from j to i; optionally ACKs first in both queues.
# Usage: ns seed003.tcl <agent> <sink> <rate> <twoway 0|1> <acksfirst 0|1|filter> [preset] [from to] [trace file]
#   acksfirst: 1 ACKs first in both queues; filter ACK filtering instead (filteracks_)
#   agent:  TCP | TCP/Reno | TCP/Sack1 | TCP/Vegas | TCP/Fack
#   sink:   TCPSink | TCPSink/DelAck | TCPSink/Sack1 | TCPSink/Sack1/DelAck
#   preset: 0 as above; 1 (old) the timer defaults before 2001 (below); ns235
#           ns-2.35's own defaults: 40-byte headers (useHeaders_ true) and limited
#           transmit (singledup_ 1)
#   from to: the measurement window in seconds, 10 20 unless given
# Prints flow i->j's payload throughput in kbit/s over the window (10-20 s, as the paper's tables).
foreach {agent sinkType rate twoway acksfirst old from to tracefile} $argv break
if {$old eq ""} { set old 0 }
if {$from eq ""} { set from 10.0; set to 20.0 }

set ns [new Simulator]
if {$tracefile ne ""} { $ns trace-all [open $tracefile w] }
Agent/TCP set packetSize_ 1000
Agent/TCP set window_ 64
if {$old ne "ns235"} {
    Agent/TCP set useHeaders_ false
    Agent/TCP set singledup_ 0
}
if {$old eq "1"} {
    # ns-2's timer and window defaults before each was changed (dates from
    # ns-default.tcl): 100 ms ticks (until 2002/03/07), no RTO minimum (minrto_
    # added 2001/05/10), 6 s initial RTO (until 2006/01/21), the timer restarted
    # before the RTT sample (timerfix_, 2001/05/11), the minimum after backoff
    # (rfc2988_, 2002/03/07), whole-window halving (precisionReduce_, 2006/01/24),
    # updated_rttvar_ (2006/01/21, read by no C++ code) and the sink echoing the
    # triggering segment's timestamp (ts_echo_bugfix_, 2003/08/13; no timestamps here).
    Agent/TCP set tcpTick_ 0.1
    Agent/TCP set minrto_ 0
    Agent/TCP set rtxcur_init_ 6.0
    Agent/TCP set maxrto_ 100000
    Agent/TCP set timerfix_ false
    Agent/TCP set rfc2988_ false
    Agent/TCP set precisionReduce_ false
    Agent/TCP set updated_rttvar_ false
    Agent/TCPSink set ts_echo_bugfix_ false
}

set i [$ns node]
set j [$ns node]
$ns duplex-link $i $j $rate 10ms DropTail
if {$acksfirst ne "0"} {
    foreach {a b} [list $i $j $j $i] {
        set spq [new PacketQueue/Semantic]
        if {$acksfirst eq "filter"} {
            $spq set filteracks_ true
        } else {
            $spq set acksfirst_ true
        }
        [[$ns link $a $b] queue] packetqueue-attach $spq
    }
}

proc flow {from to} {
    global ns agent sinkType
    set tcp [new Agent/$agent]
    set sink [new Agent/$sinkType]
    $ns attach-agent $from $tcp
    $ns attach-agent $to $sink
    $ns connect $tcp $sink
    set ftp [new Application/FTP]
    $ftp attach-agent $tcp
    $ns at 0.0 "$ftp start"
    return $sink
}
set sinkJ [flow $i $j]
if {$twoway} { flow $j $i }

proc mark {} { global sinkJ start; set start [$sinkJ set bytes_] }
proc finish {} {
    global sinkJ start
    global from to
    global agent old
    # With useHeaders_ the sink counts 40 header bytes a segment (not Vegas's): payload only.
    set payload [expr {$old eq "ns235" && $agent ne "TCP/Vegas" ? 1000.0 / 1040.0 : 1.0}]
    puts [expr {([$sinkJ set bytes_] - $start) * $payload * 8 / ($to - $from) / 1000.0}]
    exit 0
}
$ns at $from "mark"
$ns at $to "finish"
$ns run
