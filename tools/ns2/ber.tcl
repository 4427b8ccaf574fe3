# Seed 000's symmetric satellite path in ns-2 with uniform bit errors, for a
# statistical cross-check of scenarios/seed000/satellite-symmetric.toml (random
# streams differ between simulators, so compare means over seeds, not runs).
#   hub --rate, 250 ms-- sat --rate, 250 ms-- terminal, BER on all four channels
# ns-2's per-byte error unit with rate 1-(1-BER)^8 loses a packet of n bytes
# with probability 1-(1-BER)^(8n), as our uniform BER model does.
# Usage: ns ber.tcl <rate e.g. 10Mb> <ber> <seed> <duration_s> [window_pkts, 65 unless given] [where]
# where: "queue" (default) puts the loss model before each link's queue (lossmodel), so a
# lost packet never takes the link; "link" puts it after the link's delay
# (link-lossmodel), where ours notices corruption: a lost packet still takes the link;
# "seeded" is "queue" with the stream seeded by the seed itself (earlier tables).
# Prints goodput (payload bit/s over the run), retransmitted packets, timeouts.
foreach {rate ber seed duration window where} $argv break
source [file join [file dirname [info script]] ber-model.tcl]
if {$window eq ""} { set window 65 }
if {$where eq ""} { set where queue }

set ns [new Simulator]
Queue set limit_ 50
Agent/TCP set packetSize_ 1000
Agent/TCP set window_ $window
Agent/TCP set windowInit_ 1
Agent/TCP set syn_ false
Agent/TCP set singledup_ 0
# Without a SYN, ns-2 would still hold cwnd at the initial window on the first ACK
# (delay_growth_); our runs without a SYN grow from it, as RFC 5681 does.
Agent/TCP set delay_growth_ false

set hub [$ns node]
set sat [$ns node]
set terminal [$ns node]
$ns duplex-link $hub $sat $rate 250ms DropTail
$ns duplex-link $sat $terminal $rate 250ms DropTail

# Run k draws from substream k of one MRG32k3a stream (ns-2's manual: independent
# replications). Seeding with k itself is not enough: ns-2 sets all six state words
# to the seed, so every draw is linear in it and the draws at one position form a
# lattice over the seeds (a small seed loses the first packet; 300 seeds spread as
# 1000003 k + 12345 gave a first draw spaced ~0.003 apart and 5 % lower goodput).
set rng [new RNG]
$rng seed 12345
if {$where eq "seeded"} {
    $rng seed [expr {1000003 * $seed + 12345}]
    set where queue
} else {
    for {set i 0} {$i < $seed} {incr i} { $rng next-substream }
}
foreach {a b} [list $hub $sat $sat $hub $sat $terminal $terminal $sat] {
    set em [ber_error_model $rng $ber]
    if {$where eq "link"} { $ns link-lossmodel $em $a $b } else { $ns lossmodel $em $a $b }
}

set tcp [new Agent/TCP/Reno]
set sink [new Agent/TCPSink]
$ns attach-agent $hub $tcp
$ns attach-agent $terminal $sink
$ns connect $tcp $sink
set ftp [new Application/FTP]
$ftp attach-agent $tcp
$ns at 0.0 "$ftp start"

proc finish {} {
    global tcp sink duration
    set pkts [expr {[$sink set bytes_] / 1040}]
    puts "goodput_bps [expr {$pkts * 1000 * 8.0 / $duration}] retransmits [$tcp set nrexmitpack_] timeouts [$tcp set nrexmit_]"
    exit 0
}
$ns at $duration "finish"
$ns run
