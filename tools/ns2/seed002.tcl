# Seed 002 in ns-2.35: TCP over CDMA2000-1X with link-layer ARQ, the setup of
# scenarios/seed002/tcp-windows.toml (every choice is explained there).
#
#   server --100 Mbit/s, 20 ms-- bsc ==120 kbit/s down / 76.8 kbit/s up, 60 ms + ARQ== ms
#          --400 kbit/s, 1 ms-- terminal
#
# ns-2 has no RLP. The radio's delay process is replayed from Ackscope instead: the fades
# of each direction (seed002-fades.tcl, written by tools/seed002-table.sh from two probe
# runs of our radio) set the radio links' delay_, in 1 ms steps, to 60 ms plus what our
# ARQ adds to a packet starting its transmission then (the rest of the fade, rounded up
# to RLP's 100 ms retry), never letting a packet arrive before one sent earlier. Nothing
# is lost.
#
# TCP aligned with the scenario: Reno, packetSize_ 1000 (40 B headers), window_ 4, 16 or
# 32 segments (rwnd 4000, 16000, 32000 B), windowInit_ 1, no SYN, delay_growth_ false,
# singledup_ 0, numdupacks_ 2 and bug_fix_ false (the PC's stack of the paper's excerpt),
# minrto_ 0.2, rtxcur_init_ 1.0, ns-2's own timer with 10 ms ticks; TCPSink acknowledges
# every segment.
#
# Usage: ns seed002.tcl <window_segments> <duration_s> <tracefile>
# Prints goodput_bps (in-order payload at the terminal over the run), timeouts,
# retransmits (segments resent) and max_gap_s (longest time between two data segments
# reaching the terminal: the delay spikes of the paper's figs. 2-4).
foreach {window duration tracefile} $argv break
set here [file dirname [info script]]

set ns [new Simulator]
Agent/TCP set packetSize_ 1000
Agent/TCP set window_ $window
Agent/TCP set windowInit_ 1
Agent/TCP set syn_ false
Agent/TCP set delay_growth_ false
Agent/TCP set singledup_ 0
Agent/TCP set numdupacks_ 2
Agent/TCP set bug_fix_ false
Agent/TCP set minrto_ 0.2
Agent/TCP set rtxcur_init_ 1.0
Agent/TCP set tcpTick_ 0.01

set server [$ns node]
set bsc [$ns node]
set ms [$ns node]
set terminal [$ns node]
$ns duplex-link $server $bsc 100Mb 20ms DropTail
$ns simplex-link $bsc $ms 120Kb 60ms DropTail
$ns simplex-link $ms $bsc 76.8Kb 60ms DropTail
$ns duplex-link $ms $terminal 400Kb 1ms DropTail
foreach {a b} [list $server $bsc $bsc $server $bsc $ms $ms $bsc $ms $terminal $terminal $ms] {
    $ns queue-limit $a $b 1000
}
# One fade [a, b): a packet starting at t < b gets 100 ms x ceil((b - t) / 100 ms) more;
# `reach` is the latest arrival (less the 60 ms) of anything started so far, which no
# later packet may precede. Steps of 1 ms until the delay is back to 60 ms.
proc schedule-fade {ns link a b} {
    set reach 0.0
    set last -1
    for {set k 0} {1} {incr k} {
        set t [expr {$a + 0.001 * $k}]
        set extra [expr {$t < $b ? 0.1 * ceil(($b - $t) / 0.1 - 1e-9) : 0.0}]
        set reach [expr {max($reach, $t + $extra)}]
        set d [expr {round((0.060 + $reach - $t) * 1e6) / 1e6}]
        if {$d != $last} { $ns at $t "$link set delay_ $d"; set last $d }
        if {$t >= $b && $reach <= $t} break
    }
}
source [file join $here seed002-fades.tcl]
foreach {dir from to} [list down $bsc $ms up $ms $bsc] {
    foreach fade $radio_fades($dir) { schedule-fade $ns [[$ns link $from $to] link] {*}$fade }
}

set trace [open $tracefile w]
$ns trace-queue $ms $terminal $trace

set tcp [new Agent/TCP/Reno]
set sink [new Agent/TCPSink]
$ns attach-agent $server $tcp
$ns attach-agent $terminal $sink
$ns connect $tcp $sink
set ftp [new Application/FTP]
$ftp attach-agent $tcp
$ns at 0.0 "$ftp start"

proc finish {} {
    global ns trace tracefile duration tcp
    $ns flush-trace
    close $trace
    set f [open $tracefile r]
    set next 0
    set last -1
    set gap 0
    array set got {}
    while {[gets $f line] >= 0} {
        if {[lindex $line 0] ne "r" || [lindex $line 4] ne "tcp"} continue
        set t [lindex $line 1]
        if {$last >= 0 && $t - $last > $gap} { set gap [expr {$t - $last}] }
        set last $t
        set got([lindex $line 10]) 1
        while {[info exists got($next)]} { unset got($next); incr next }
    }
    close $f
    puts "goodput_bps [expr {$next * 1000 * 8.0 / $duration}] timeouts [$tcp set nrexmit_] retransmits [$tcp set nrexmitpack_] max_gap_s $gap"
    exit 0
}
$ns at $duration "finish"
$ns run
