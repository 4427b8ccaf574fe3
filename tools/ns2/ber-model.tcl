# A bit-error model as every BER script here builds it: ns-2's ErrorModel in byte
# units with the byte error rate of a bit error rate (1 - (1 - ber)^8), drawing from
# `rng`, dropped packets to a null agent. Sourced by ber.tcl, snoop.tcl, seed001.tcl.
proc ber_error_model {rng ber} {
    set em [new ErrorModel]
    $em unit byte
    $em set rate_ [expr {1.0 - pow(1.0 - $ber, 8)}]
    set u [new RandomVariable/Uniform]
    $u use-rng $rng
    $em ranvar $u
    $em drop-target [new Agent/Null]
    return $em
}
