# A two-link chain in ns-2, to cross-check Ackscope's TCP variants and sinks.
# Usage: ns chain.tcl <agent> <sink> <window_pkts> <duration_s> <rate1> <delay1> <rate2> <delay2> <queue_pkts> <syn 0|1> [singledup 0|1] [ecn 0|1|2] [run]
#   ecn 1: the first link RED both ways (ns-2.35's defaults: bytes mode, automatic
#   thresholds, gentle) marking instead of dropping, and an ECN-capable agent, as seed
#   000's ECN preset on wired.toml (tools/seed000-ecn.sh). ecn 2: the same with the RED
#   defaults of ns-2 before December 2001 (ns-default.tcl's notes): thresh_ 5, maxthresh_
#   15, q_weight_ 0.002, the queue counted in packets, use_mark_p_ false.
#   run k > 0: ns-2's default random stream (RED's draws, boot_time_) moved to its
#   substream k, for replications; without it, ns-2's default seed.
#   agent: TCP (Tahoe) | TCP/Reno | TCP/Newreno | TCP/Sack1 | TCP/Fack | TCP/Vegas
#   sink:  TCPSink | TCPSink/DelAck | TCPSink/Sack1 | TCPSink/Sack1/DelAck
# Prints goodput (in-order payload bit/s over the run), retransmitted packets, timeouts.
foreach {agent sinkType window duration rate1 delay1 rate2 delay2 qlim syn singledup ecn run} $argv break
if {$run ne ""} { for {set i 0} {$i < $run} {incr i} { $defaultRNG next-substream } }
if {$singledup eq ""} { set singledup 0 }
if {$ecn eq ""} { set ecn 0 }

set ns [new Simulator]
Queue set limit_ $qlim
Agent/TCP set packetSize_ 1000
Agent/TCP set window_ $window
Agent/TCP set windowInit_ 1
Agent/TCP set syn_ [expr {$syn ? "true" : "false"}]
Agent/TCP set singledup_ $singledup
Agent/TCP set minrto_ 0.2
Agent/TCP set tcpTick_ 0.01
if {$ecn} {
    Agent/TCP set ecn_ 1
    Queue/RED set setbit_ true
}
if {$ecn == 2} {
    Queue/RED set thresh_ 5
    Queue/RED set maxthresh_ 15
    Queue/RED set q_weight_ 0.002
    Queue/RED set bytes_ false
    Queue/RED set queue_in_bytes_ false
    Queue/RED set use_mark_p_ false
}

set a [$ns node]
set b [$ns node]
set c [$ns node]
$ns duplex-link $a $b $rate1 $delay1 [expr {$ecn ? "RED" : "DropTail"}]
$ns duplex-link $b $c $rate2 $delay2 DropTail

set tcp [new Agent/$agent]
set sink [new Agent/$sinkType]
$ns attach-agent $a $tcp
$ns attach-agent $c $sink
$ns connect $tcp $sink
set ftp [new Application/FTP]
$ftp attach-agent $tcp
$ns at 0.0 "$ftp start"

proc finish {} {
    global tcp sink duration syn agent
    # bytes_ counts delivered packets with their 40 header bytes (the SYN too);
    # ns-2's Vegas puts no header bytes on the wire.
    set wire [expr {$agent == "TCP/Vegas" ? 1000 : 1040}]
    set pkts [expr {[$sink set bytes_] / $wire}]
    puts "goodput_bps [expr {$pkts * 1000 * 8.0 / $duration}] retransmits [$tcp set nrexmitpack_] timeouts [$tcp set nrexmit_]"
    exit 0
}
$ns at $duration "finish"
$ns run
