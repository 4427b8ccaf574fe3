# Snoop (tcp/snoop.cc) in ns-2.35, to cross-check Ackscope's Snoop middlebox
# (engine-wasm/crates/core/src/middlebox/snoop.rs) on scenarios/examples/snoop.toml's path.
#
#   fh --10 Mbit/s, 20 ms-- bs ==LAN 1 Gbit/s, 0 ms== ap --2 Mbit/s, 5 ms, BER towards mh-- mh
#
# ns-2 runs Snoop only in the link layer of a LAN node (LL/LLSnoop), so the base
# station bs reaches the wireless hop through a two-node LAN {bs, ap}: plain Mac
# (no contention on a wired Channel), 1 Gbit/s, no delay, a 50-packet interface
# queue. It adds 8.3 us per data packet; Ackscope's side builds the same 1 Gbit/s
# hop (tests/snoop_ns2.rs), so Snoop's "did the next queue take it" check looks at
# the same queue. bs's LAN interface is LL/LLSnoop with Snoop on, plain LL with it off.
#
# The wireless loss sits after the link's delay (link-lossmodel, not lossmodel):
# a lost packet still occupies the 2 Mbit/s link, as in Ackscope, where a corrupted
# packet is sent and discarded on arrival. Byte unit with rate 1-(1-BER)^8: a
# packet of n bytes is lost with 1-(1-BER)^(8n) (1040-byte segments; ACKs go the
# other way, untouched).
#
# TCP aligned with Ackscope's scenario fields (ns-2 default -> set here, why):
# - packetSize_ 1000 (payload; 40 header bytes on the wire as ours), window_ 32
#   (ours rwnd 32000 B), windowInit_ 1 (ours initial_window 1).
# - syn_ false: no SYN segment 0 (ours syn = false); delay_growth_ false, which
#   would otherwise hold cwnd for one more round trip without a SYN.
# - singledup_ 0: no limited transmit (ours limited_transmit = false).
# - minrto_ 0.2, rtxcur_init_ 3.0, tcpTick_ 0.01: ours min_rto 200 ms, initial_rto
#   3 s, rto_estimator ns2 with 10 ms ticks.
# - TCPSink acknowledges every segment (ours delayed_ack = false).
# Snoop keeps ns-2's defaults (tcl/lan/ns-ll.tcl): snoopTick_ 0.1, srtt_ 0.1,
# rttvar_ 0.25, g_ 0.125, maxbufs_ 0 (= SNOOP_MAXWIND, 100); ours cache "100pkt",
# min_rto 100 ms, dupacks_passed 1 (RTX_THRESH).
#
# Usage: ns snoop.tcl <snoop 0|1> <ber> <seed> <duration_s> <tracefile> [path] [variant]
# [path] (example unless given) runs seed 000's paths with the same LAN hop in front of
# the lossy hop, the Snoop node's LAN interface being the one ours watches
# (tools/seed000-snoop.sh):
#   sat-sym   hub --10 Mbit/s, 250 ms-- sat ==LAN== ap --10 Mbit/s, 250 ms-- terminal
#   sat-asym  the same with 10 Mbit/s down, 1 Mbit/s up, 100 ms a hop
#   itcp      fh --2 Mbit/s, 2 ms-- bs ==LAN== ap --2 Mbit/s, 200 ms-- mh
# with a 65-packet window, BER on both directions of each lossy hop (both hops of the
# satellite paths, the radio of itcp), and run k drawing from MRG32k3a substream k
# (ns-2's independent replications; example keeps its seeding). [variant]: reno
# (default) or sack1 (Agent/TCP/Sack1 with TCPSink/Sack1: ns-2's Snoop does not read
# the SACK blocks).
# Prints goodput (in-order payload bit/s over the run), the sender's retransmitted
# packets and timeouts, Snoop's local retransmissions (data packets bs hands its
# LAN interface minus those it received from fh) and the duplicate ACKs it kept
# from the sender (ACKs ap handed the LAN minus those bs sent to fh: the LAN's
# receive trace at bs lies above Snoop, after the suppression).
foreach {snoop ber seed duration tracefile path variant} $argv break
source [file join [file dirname [info script]] ber-model.tcl]
if {$path eq ""} { set path example }
if {$variant eq ""} { set variant reno }

set ns [new Simulator]
set trace [open $tracefile w]
$ns trace-all $trace

Agent/TCP set packetSize_ 1000
Agent/TCP set window_ [expr {$path eq "example" ? 32 : 65}]
Agent/TCP set windowInit_ 1
Agent/TCP set syn_ false
Agent/TCP set delay_growth_ false
Agent/TCP set singledup_ 0
Agent/TCP set minrto_ 0.2
Agent/TCP set rtxcur_init_ 3.0
Agent/TCP set tcpTick_ 0.01
Mac set bandwidth_ 1Gb
Channel set delay_ 0

set fh [$ns node]
set bs [$ns node]
set ap [$ns node]
set mh [$ns node]
# Per path: the first hop's and the lossy hop's rates down and up and delays.
switch $path {
    example  { set hop1 {10Mb 10Mb 20ms}; set hop2 {2Mb 2Mb 5ms} }
    sat-sym  { set hop1 {10Mb 10Mb 250ms}; set hop2 {10Mb 10Mb 250ms} }
    sat-asym { set hop1 {10Mb 1Mb 100ms}; set hop2 {10Mb 1Mb 100ms} }
    itcp     { set hop1 {2Mb 2Mb 2ms}; set hop2 {2Mb 2Mb 200ms} }
}
foreach {a b hop} [list $fh $bs $hop1 $ap $mh $hop2] {
    foreach {down up delay} $hop break
    $ns simplex-link $a $b $down $delay DropTail
    $ns simplex-link $b $a $up $delay DropTail
}

set lan [$ns make-lan [list $ap] 1Gb 0ms LL Queue/DropTail Mac Channel]
set ll [expr {$snoop ? "LL/LLSnoop" : "LL"}]
$lan addNode [list $bs] 1Gb 0ms $ll Queue/DropTail Mac

set rng [new RNG]
if {$path eq "example"} {
    # Large, spread seeds: ns-2 seeded with a small integer loses its first packet.
    $rng seed [expr {1000003 * $seed + 12345}]
    set lossy [list $ap $mh]
} else {
    $rng seed 12345
    for {set i 0} {$i < $seed} {incr i} { $rng next-substream }
    set lossy [list $ap $mh $mh $ap]
    if {$path ne "itcp"} { lappend lossy $fh $bs $bs $fh }
}
foreach {a b} $lossy {
    if {$ber == 0} break
    set em [ber_error_model $rng $ber]
    $ns link-lossmodel $em $a $b
}

if {$variant eq "sack1"} {
    set tcp [new Agent/TCP/Sack1]
    set sink [new Agent/TCPSink/Sack1]
} else {
    set tcp [new Agent/TCP/Reno]
    set sink [new Agent/TCPSink]
}
$ns attach-agent $fh $tcp
$ns attach-agent $mh $sink
$ns connect $tcp $sink
set ftp [new Application/FTP]
$ftp attach-agent $tcp
$ns at 0.0 "$ftp start"

proc finish {} {
    global ns tcp sink duration trace tracefile fh bs ap lan
    $ns flush-trace
    close $trace
    set f [open $tracefile r]
    set fhid [$fh id]
    set bsid [$bs id]
    set apid [$ap id]
    set lanid [$lan id]
    set from_fh 0
    set to_lan 0
    set acks_in 0
    set acks_out 0
    while {[gets $f line] >= 0} {
        foreach {ev t from to type} $line break
        if {$ev eq "r" && $from == $fhid && $to == $bsid && $type eq "tcp"} { incr from_fh }
        if {$ev eq "+" && $from == $bsid && $to == $lanid && $type eq "tcp"} { incr to_lan }
        if {$ev eq "+" && $from == $apid && $to == $lanid && $type eq "ack"} { incr acks_in }
        if {$ev eq "+" && $from == $bsid && $to == $fhid && $type eq "ack"} { incr acks_out }
    }
    close $f
    set pkts [expr {[$sink set bytes_] / 1040}]
    puts "goodput_bps [expr {$pkts * 1000 * 8.0 / $duration}] retransmits [$tcp set nrexmitpack_] timeouts [$tcp set nrexmit_] local_retransmits [expr {$to_lan - $from_fh}] suppressed_dupacks [expr {$acks_in - $acks_out}]"
    exit 0
}
$ns at $duration "finish"
$ns run
