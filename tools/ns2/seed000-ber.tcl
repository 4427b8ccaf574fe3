# Seed 000, Fig. 8's BER runs in ns-2: the asymmetric satellite path
#   hub --2 Mbit/s down / 1 Mbit/s up, 100 ms-- sat --2 Mbit/s / 1 Mbit/s, 100 ms-- terminal
# Reno, 1000-byte segments (1040 B with headers), a 725-packet window, initial window 1,
# no SYN, bit errors on the downlink (sat -> terminal) only, 10 s, as
# crates/core/tests/seed000.rs runs ours. The paper says "BER" and nothing of ns-2's
# error unit; <unit> tries the ways a script could have meant it:
#   bit   per-bit errors: ns-2's byte unit with rate 1-(1-BER)^8, a packet of n bytes lost
#         with 1-(1-BER)^(8n), as our `ber` (ns-2's own `unit bit` needs datapktsize_ set,
#         and without it corrupts nothing)
#   byte  the rate given to ns-2's byte unit as is: a packet lost with 1-(1-BER)^n
#   pkt   the rate given to ns-2's default packet unit: every packet lost with BER
# <where>: down (sat -> terminal, as our test), data (both hops of the data's way
# down) or all (all four channels).
# [window] (packets, 725) and [duration] (s, 10) serve the window-scale runs of fig. 6
# (tools/seed000-window-scale.sh), and [rate] (the downlink's, 2Mb) its 10 Mbit/s one.
# Usage: ns seed000-ber.tcl <unit> <ber> <seed> [where] [window] [duration] [rate]
# Prints the bytes the sink received (headers included, ns-2's bytes_).
foreach {unit ber seed where window duration rate} $argv break
if {$rate eq ""} { set rate 2Mb }
if {$where eq ""} { set where down }
if {$window eq ""} { set window 725 }
if {$duration eq ""} { set duration 10.0 }

set ns [new Simulator]
Queue set limit_ 50
Agent/TCP set packetSize_ 1000
Agent/TCP set window_ $window
Agent/TCP set windowInit_ 1
Agent/TCP set syn_ false
Agent/TCP set delay_growth_ false
Agent/TCP set singledup_ 0
Agent/TCP set tcpTick_ 0.01
Agent/TCP set minrto_ 0.2
Agent/TCP set rtxcur_init_ 3.0

set hub [$ns node]
set sat [$ns node]
set terminal [$ns node]
foreach {a b} [list $hub $sat $sat $terminal] {
    $ns simplex-link $a $b $rate 100ms DropTail
    $ns simplex-link $b $a 1Mb 100ms DropTail
}

switch $where {
    down { set hops [list $sat $terminal] }
    data { set hops [list $hub $sat $sat $terminal] }
    all  { set hops [list $hub $sat $sat $terminal $sat $hub $terminal $sat] }
}
# Large, spread seeds: ns-2 seeded with a small integer loses its first packet.
set rng [new RNG]
$rng seed [expr {1000003 * $seed + 12345}]
foreach {a b} $hops {
    if {$ber == 0} break
    set em [new ErrorModel]
    switch $unit {
        bit  { $em unit byte; $em set rate_ [expr {1.0 - pow(1.0 - $ber, 8)}] }
        byte { $em unit byte; $em set rate_ $ber }
        pkt  { $em unit pkt;  $em set rate_ $ber }
    }
    set u [new RandomVariable/Uniform]
    $u use-rng $rng
    $em ranvar $u
    $em drop-target [new Agent/Null]
    $ns lossmodel $em $a $b
}

set tcp [new Agent/TCP/Reno]
set sink [new Agent/TCPSink]
$ns attach-agent $hub $tcp
$ns attach-agent $terminal $sink
$ns connect $tcp $sink
set ftp [new Application/FTP]
$ftp attach-agent $tcp
$ns at 0.0 "$ftp start"
proc finish {} { global sink; puts [$sink set bytes_]; exit 0 }
$ns at $duration "finish"
$ns run
