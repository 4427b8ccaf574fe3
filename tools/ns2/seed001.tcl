# Seed 001 in ns-2.35: plain Tahoe, Snoop and Spoofing at the hub of an asymmetric GEO
# link, the setup of scenarios/seed001/snoop-vs-spoofing.toml (every choice is explained
# there), to cross-check the seed's README table.
#
#   server --1 Mbit/s, 5 ms-- hub ==LAN 1 Gbit/s, 0 ms== ap --1 Mbit/s, 140 ms-- sat
#          --10 Mbit/s down / 9.6 kbit/s up, 140 ms, BER both ways-- t1
#
# ns-2 runs Snoop only in a LAN node's link layer (LL/LLSnoop), so the hub reaches the
# downlink through a two-node LAN {hub, ap} (as in snoop.tcl); the plain-Tahoe runs keep
# the same LAN with a plain LL. The bit errors sit after the satellite hop's delay
# (link-lossmodel): a lost segment still occupies the link, as in Ackscope.
#
# ns-2 has no split-connection proxy; Spoofing is built from its parts:
# - leg 1: the server's Tahoe to a TCPSink on the hub;
# - leg 2: a Tahoe agent on the hub to the terminal (initial window 4, window 725
#   segments, 1 s minimum RTO), fed every millisecond with what leg 1 has delivered
#   (read from the server's ack_, so 5 ms after the hub had it: the one-way wired delay);
# - local recovery (`spoof`): the hub's LAN interface is LL/LLSnoop, so ns-2's own Snoop
#   caches leg 2's segments and resends them (its ring holds 100 segments, SNOOP_MAXWIND;
#   ours holds all); `spoof-plain`: a plain LL and a 200 ms minimum RTO, our "Ordinary
#   TCP" leg; `spoof-queue-first`: local recovery with leg 2's sender on a node of its
#   own behind the downlink's 1 Mbit/s, 50-packet queue (the hub-satellite hop then runs
#   at 1 Gbit/s), so ns-2's Snoop caches only what that queue accepted, as ours does.
#   In `spoof`, ns-2's Snoop also caches the segments its interface queue drops: it reads
#   the queue's length (snoop.cc, snoop_data) before LL::sendDown has scheduled the
#   segment into it (ll.cc, `s.schedule(downtarget_, p, delay_)`), so every segment of a
#   burst leg 2 sends in one instant reads the same length; it then resends the burst's
#   dropped tail as wireless losses, one per Snoop timer, and leg 2 never learns of the
#   congestion (tools/seed001-snoop-stall.sh).
# The 64 KB spoofing buffer is not modelled here.
#
# TCP aligned with Ackscope's scenario fields, as in snoop.tcl: packetSize_ 1000, no SYN,
# delay_growth_ false, singledup_ 0, minrto_ 0.2 (leg 2: 1.0), rtxcur_init_ 3, tcpTick_
# 0.01, window_ 65 (65535 B), windowInit_ 1 (leg 2: 4). Snoop: maxbufs_ 62 (65 KB of
# 1040-byte segments) for the Snoop proxy; ns-2's other Snoop defaults.
#
# Usage: ns seed001.tcl <tahoe|snoop|spoof|spoof-plain|spoof-queue-first> <ber> <seed> <duration_s> <file_pkts|0> <tracefile>
#          [<lists file> [<snoop maxbufs>] [<full trace file>] [seeded]]
# With a lists file (two lines: the packet indices, from 0, lost on sat->t1 and t1->sat),
# the satellite hop loses exactly those packets (ErrorModel/List, after the delay as
# above; ours: links.sat-t1.<direction>.errors.drop_list) instead of random ones, and
# <ber> and <seed> are ignored: tools/seed001-same-losses.sh. <snoop maxbufs> replaces
# the Snoop proxy's 62; a full trace file gets every packet event (ns-2's trace-all).
# Run k draws its losses from substreams 2k and 2k+1 of one MRG32k3a stream, as ber.tcl
# does (independent replications); "seeded" seeds each stream from k instead (the earlier
# tables: ns-2 sets all six state words to the seed, so those runs lie on a lattice).
# Prints goodput_bps (in-order payload at t1 over the run), completion_s (when t1 held the
# whole file; -1 if it did not), retransmits and timeouts of the sender facing the
# satellite (the server, or leg 2), and the largest smoothed RTT that sender reached
# (srtt_max_s, sampled every 100 ms).
foreach {proxy ber seed duration file_pkts tracefile lists bufs alltrace draws} $argv break
source [file join [file dirname [info script]] ber-model.tcl]

set ns [new Simulator]
if {$alltrace ne ""} {
    set all [open $alltrace w]
    $ns trace-all $all
}

Agent/TCP set packetSize_ 1000
Agent/TCP set window_ 65
Agent/TCP set windowInit_ 1
Agent/TCP set syn_ false
Agent/TCP set delay_growth_ false
Agent/TCP set singledup_ 0
Agent/TCP set minrto_ 0.2
Agent/TCP set rtxcur_init_ 3.0
Agent/TCP set tcpTick_ 0.01
Mac set bandwidth_ 1Gb
Channel set delay_ 0
Snoop set maxbufs_ [expr {$bufs ne "" ? $bufs : $proxy eq "snoop" ? 62 : 0}]

set server [$ns node]
set hub [$ns node]
set ap [$ns node]
set sat [$ns node]
set t1 [$ns node]
$ns duplex-link $server $hub 1Mb 5ms DropTail
set queued [list $server $hub $hub $server $ap $sat $sat $ap $sat $t1 $t1 $sat]
if {$proxy eq "spoof-queue-first"} {
    # Leg 2's sender sits on a node of its own; the downlink's rate and queue are
    # between it and the hub, ahead of Snoop.
    set legnode [$ns node]
    $ns duplex-link $legnode $hub 1Mb 0ms DropTail
    $ns duplex-link $ap $sat 1Gb 140ms DropTail
    lappend queued $legnode $hub $hub $legnode
} else {
    $ns duplex-link $ap $sat 1Mb 140ms DropTail
}
$ns simplex-link $sat $t1 10Mb 140ms DropTail
$ns simplex-link $t1 $sat 9.6Kb 140ms DropTail
foreach {a b} $queued {
    $ns queue-limit $a $b 50
}
set lan [$ns make-lan [list $ap] 1Gb 0ms LL Queue/DropTail Mac Channel]
set ll [expr {$proxy in {tahoe spoof-plain} ? "LL" : "LL/LLSnoop"}]
$lan addNode [list $hub] 1Gb 0ms $ll Queue/DropTail Mac

if {$lists ne ""} {
    set f [open $lists r]
    foreach {a b} [list $sat $t1 $t1 $sat] {
        set line [string trim [gets $f]]
        if {$line eq ""} continue
        set em [new ErrorModel/List]
        $em unit pkt
        $em droplist $line
        $ns link-lossmodel $em $a $b
    }
    close $f
    set ber 0
}
# Large, spread seeds: ns-2 seeded with a small integer loses its first packet.
set k 0
foreach {a b} [expr {$ber > 0 ? [list $sat $t1 $t1 $sat] : {}}] {
    set rng [new RNG]
    if {$draws eq "seeded"} {
        $rng seed [expr {1000003 * $seed + 7919 * [incr k] + 12345}]
    } else {
        $rng seed 12345
        for {set i 0} {$i < 2 * $seed + $k} {incr i} { $rng next-substream }
        incr k
    }
    set em [ber_error_model $rng $ber]
    $ns link-lossmodel $em $a $b
}

set trace [open $tracefile w]
$ns trace-queue $sat $t1 $trace

set total [expr {$file_pkts > 0 ? $file_pkts : 1000000000}]
set tcp [new Agent/TCP]
$ns attach-agent $server $tcp
if {$proxy in {spoof spoof-plain spoof-queue-first}} {
    set sink1 [new Agent/TCPSink]
    $ns attach-agent $hub $sink1
    $ns connect $tcp $sink1
    set leg2 [new Agent/TCP]
    $leg2 set windowInit_ 4
    $leg2 set window_ 725
    $leg2 set minrto_ [expr {$proxy eq "spoof-plain" ? 0.2 : 1.0}]
    $ns attach-agent [expr {$proxy eq "spoof-queue-first" ? $legnode : $hub}] $leg2
    set sink [new Agent/TCPSink]
    $ns attach-agent $t1 $sink
    $ns connect $leg2 $sink
    set facing $leg2
    set relayed 0
    proc relay {} {
        global ns tcp leg2 relayed
        global total
        set have [expr {[$tcp set ack_] + 1}]
        if {$have > $relayed} {
            $leg2 advanceby [expr {$have - $relayed}]
            set relayed $have
        }
        if {$relayed < $total} { $ns at [expr {[$ns now] + 0.001}] relay }
    }
    $ns at 0.001 relay
} else {
    set sink [new Agent/TCPSink]
    $ns attach-agent $t1 $sink
    $ns connect $tcp $sink
    set facing $tcp
}
$ns at 0.0 "$tcp advanceby $total"
set srtt_max 0.0
proc sample_srtt {} {
    global ns facing srtt_max
    # t_srtt_ holds 8 x the smoothed RTT in ticks (T_SRTT_BITS 3).
    set s [expr {[$facing set srtt_] / 8.0 * [$facing set tcpTick_]}]
    if {$s > $srtt_max} { set srtt_max $s }
    $ns at [expr {[$ns now] + 0.1}] sample_srtt
}
$ns at 0.1 sample_srtt

proc finish {} {
    global ns trace tracefile duration facing file_pkts all srtt_max
    $ns flush-trace
    close $trace
    if {[info exists all]} { close $all }
    # In-order delivery at t1 from the segments the satellite hop delivered.
    set f [open $tracefile r]
    set next 0
    set done -1
    array set got {}
    while {[gets $f line] >= 0} {
        if {[lindex $line 0] ne "r" || [lindex $line 4] ne "tcp"} continue
        set got([lindex $line 10]) 1
        while {[info exists got($next)]} { unset got($next); incr next }
        if {$done < 0 && $file_pkts > 0 && $next >= $file_pkts} { set done [lindex $line 1] }
    }
    close $f
    puts "goodput_bps [expr {$next * 1000 * 8.0 / $duration}] completion_s $done retransmits [$facing set nrexmitpack_] timeouts [$facing set nrexmit_] srtt_max_s [format %.3f $srtt_max]"
    exit 0
}
$ns at $duration "finish"
$ns run
