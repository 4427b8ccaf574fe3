# PERF-1 in ns-2 (the same setup as scenarios/bench/perf-1.toml), to compare
# speed: `ns perf-1.tcl [FLOWS]` prints delivered data packets and wall time
# (FLOWS sender/receiver pairs, 10 by default: PERF-1 itself).
#   s0..s9 --1 Gbit/s, 1 ms-- left --100 Mbit/s, 10 ms-- right --1 Gbit/s, 1 ms-- r0..r9
set flows [expr {$argc > 0 ? [lindex $argv 0] : 10}]
set ns [new Simulator]
Queue set limit_ 100
Agent/TCP set packetSize_ 1000
Agent/TCP set window_ 1000000
Agent/TCP set windowInit_ 1
Agent/TCP set syn_ false

set left [$ns node]
set right [$ns node]
$ns duplex-link $left $right 100Mb 10ms DropTail
for {set i 0} {$i < $flows} {incr i} {
    set s($i) [$ns node]
    set r($i) [$ns node]
    $ns duplex-link $s($i) $left 1Gb 1ms DropTail
    $ns duplex-link $right $r($i) 1Gb 1ms DropTail
    set tcp($i) [new Agent/TCP/Reno]
    set sink($i) [new Agent/TCPSink]
    $ns attach-agent $s($i) $tcp($i)
    $ns attach-agent $r($i) $sink($i)
    $ns connect $tcp($i) $sink($i)
    set ftp($i) [new Application/FTP]
    $ftp($i) attach-agent $tcp($i)
    $ns at 0.0 "$ftp($i) start"
}

proc finish {} {
    global sink t0 flows
    set bytes 0
    for {set i 0} {$i < $flows} {incr i} { set bytes [expr {$bytes + [$sink($i) set bytes_]}] }
    set wall [expr {([clock clicks -milliseconds] - $t0) / 1000.0}]
    # bytes_ counts the 1040-byte packets delivered in order
    set pkts [expr {$bytes / 1040}]
    puts "delivered_packets $pkts wall_s $wall packets_per_wall_s [expr {int($pkts / $wall)}]"
    exit 0
}
set t0 [clock clicks -milliseconds]
$ns at 100.0 "finish"
$ns run
