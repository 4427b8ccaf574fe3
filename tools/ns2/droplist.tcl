# Seed 000's symmetric satellite path (as ber.tcl) losing scripted packets instead
# of random ones: ns-2's ErrorModel/List after each channel's delay (link-lossmodel,
# where ours notices corruption), so that ns-2 and ours lose exactly the same
# packets and their traces can be compared line by line.
#   hub --rate, 250 ms-- sat --rate, 250 ms-- terminal
# Usage: ns droplist.tcl <rate e.g. 10Mb> <duration_s> <window_pkts> <lists file> [trace file]
# The lists file has four lines, the packet indices (from 0, increasing) lost on
# hub->sat, sat->hub, sat->terminal and terminal->sat, each line possibly empty;
# ours takes the same lists as links.<id>.<direction>.errors.drop_list.
# Prints goodput, retransmitted packets and timeouts as ber.tcl; writes the
# whole packet trace (ns-2's format) when a trace file is given.
foreach {rate duration window lists tracefile} $argv break

set ns [new Simulator]
if {$tracefile ne ""} {
    set tf [open $tracefile w]
    $ns trace-all $tf
}
Queue set limit_ 50
Agent/TCP set packetSize_ 1000
Agent/TCP set window_ $window
Agent/TCP set windowInit_ 1
Agent/TCP set syn_ false
Agent/TCP set singledup_ 0
Agent/TCP set delay_growth_ false

set hub [$ns node]
set sat [$ns node]
set terminal [$ns node]
$ns duplex-link $hub $sat $rate 250ms DropTail
$ns duplex-link $sat $terminal $rate 250ms DropTail

set f [open $lists r]
foreach {a b} [list $hub $sat $sat $hub $sat $terminal $terminal $sat] {
    set line [string trim [gets $f]]
    if {$line eq ""} { continue }
    set em [new ErrorModel/List]
    $em unit pkt
    $em droplist $line
    $ns link-lossmodel $em $a $b
}
close $f

set tcp [new Agent/TCP/Reno]
set sink [new Agent/TCPSink]
$ns attach-agent $hub $tcp
$ns attach-agent $terminal $sink
$ns connect $tcp $sink
set ftp [new Application/FTP]
$ftp attach-agent $tcp
$ns at 0.0 "$ftp start"

proc finish {} {
    global tcp sink duration ns
    $ns flush-trace
    set pkts [expr {[$sink set bytes_] / 1040}]
    puts "goodput_bps [expr {$pkts * 1000 * 8.0 / $duration}] retransmits [$tcp set nrexmitpack_] timeouts [$tcp set nrexmit_]"
    exit 0
}
$ns at $duration "finish"
$ns run
