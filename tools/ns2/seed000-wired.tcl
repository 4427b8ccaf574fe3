# Seed 000's wired baseline in ns-2, for cross-checking scenarios/seed000/wired.toml.
# Usage: ns seed000-wired.tcl <window_pkts> <variant: Tahoe|Reno> <duration_s>
# Prints goodput (payload bit/s over the run), retransmitted packets, timeouts.
set window [lindex $argv 0]
set variant [lindex $argv 1]
set duration [lindex $argv 2]

set ns [new Simulator]
Queue set limit_ 50
Agent/TCP set packetSize_ 1000
Agent/TCP set window_ $window
Agent/TCP set windowInit_ 1
Agent/TCP set syn_ false
Agent/TCP set singledup_ 0
Agent/TCP set minrto_ 0.2
Agent/TCP set tcpTick_ 0.01

set sender [$ns node]
set gateway [$ns node]
set receiver [$ns node]
$ns duplex-link $sender $gateway 0.8Mb 0.1ms DropTail
$ns duplex-link $gateway $receiver 0.8Mb 100ms DropTail

if {$variant == "Tahoe"} { set tcp [new Agent/TCP] } else { set tcp [new Agent/TCP/$variant] }
set sink [new Agent/TCPSink]
$ns attach-agent $sender $tcp
$ns attach-agent $receiver $sink
$ns connect $tcp $sink
set ftp [new Application/FTP]
$ftp attach-agent $tcp
$ns at 0.0 "$ftp start"

proc finish {} {
    global tcp sink duration
    # bytes_ counts delivered packets with their 40 header bytes
    set goodput [expr {[$sink set bytes_] / 1040 * 1000 * 8.0 / $duration}]
    puts "goodput_bps $goodput retransmits [$tcp set nrexmitpack_] timeouts [$tcp set nrexmit_]"
    exit 0
}
$ns at $duration "finish"
$ns run
