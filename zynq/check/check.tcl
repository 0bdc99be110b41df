# Checks zynq/build.tcl without Vivado:
#   tclsh zynq/check/check.tcl
# 1. every file parses as complete Tcl (info complete);
# 2. build.tcl runs (for every wrapper in vhdl-out/axi-*) against stubs of the Vivado commands it
#    calls: an unknown command fails, and so do an unknown option, a missing option value, a wrong
#    number of positional arguments, a cell of an IP this stub does not know, a pin or interface pin
#    the IP does not have (interconnect and concat ports counted from their CONFIG), a connection of
#    two things of the wrong kind, an odd -dict list, a CONFIG of a cell that is not a cell.
# What it cannot know: whether Vivado accepts the CONFIG values, the IP versions installed, timing.
# Exit status 0 when everything passed, 1 otherwise.

set here [file dirname [file normalize [info script]]]
set zynq [file dirname $here]
set repo [file dirname $zynq]
set failures 0
# ZYNQ_BUILD_TCL: another script to check in place of zynq/build.tcl, from any folder (the tests use it
# to show that a broken copy fails); it runs as if it were zynq/build.tcl (run_build_tcl below).
set buildTcl [expr {[info exists ::env(ZYNQ_BUILD_TCL)] ? [file normalize $::env(ZYNQ_BUILD_TCL)] : [file join $zynq build.tcl]}]
proc fail {msg} { global failures; incr failures; puts "FAIL $msg" }

foreach f [list $buildTcl [file join $here check.tcl]] {
    set fd [open $f]; set text [read $fd]; close $fd
    if {![info complete $text]} { fail "$f is not complete Tcl (unbalanced braces, brackets or quotes)" }
}

# ---------------------------------------------------------------- the stubs
namespace eval ipx {}
# vstub name flags valueOptions minPositional maxPositional body
# body runs with 'opts' (a dict of the options given) and 'pos' (the positional arguments).
proc vstub {name flags valueopts min max body} {
    proc ::$name args [string map [list @NAME@ $name @FLAGS@ $flags @VOPTS@ $valueopts @MIN@ $min @MAX@ $max @BODY@ $body] {
        set opts [dict create]; set pos {}
        for {set i 0} {$i < [llength $args]} {incr i} {
            set a [lindex $args $i]
            if {[string index $a 0] eq "-" && ![string is double -strict $a]} {
                if {$a in {@FLAGS@}} { dict set opts $a 1 } elseif {$a in {@VOPTS@}} {
                    if {$i + 1 >= [llength $args]} { error "@NAME@: option $a needs a value" }
                    incr i; dict set opts $a [lindex $args $i]
                } else { error "@NAME@: unknown option $a" }
            } else { lappend pos $a }
        }
        if {[llength $pos] < @MIN@ || ([string is integer @MAX@] && [llength $pos] > @MAX@)} {
            error "@NAME@: [llength $pos] positional arguments ($pos), expected @MIN@..@MAX@"
        }
        @BODY@
    }]
}

# Known IPs: interface pins and plain pins (INTF_N / PIN_N expand to 00..N-1 from CONFIG.NUM_SI/NUM_MI/NUM_PORTS).
set ::ips [dict create \
    xilinx.com:ip:processing_system7:5.5 {intf {M_AXI_GP0 S_AXI_HP0 DDR FIXED_IO} pins {M_AXI_GP0_ACLK S_AXI_HP0_ACLK FCLK_CLK0 FCLK_RESET0_N IRQ_F2P}} \
    xilinx.com:ip:axi_dma:7.1 {intf {S_AXI_LITE M_AXI_MM2S M_AXI_S2MM M_AXIS_MM2S S_AXIS_S2MM} pins {s_axi_lite_aclk m_axi_mm2s_aclk m_axi_s2mm_aclk axi_resetn mm2s_introut s2mm_introut}} \
    xilinx.com:ip:proc_sys_reset:5.0 {intf {} pins {slowest_sync_clk ext_reset_in aux_reset_in mb_debug_sys_rst dcm_locked mb_reset bus_struct_reset peripheral_reset interconnect_aresetn peripheral_aresetn}} \
    xilinx.com:ip:axi_interconnect:2.1 {intf {} pins {ACLK ARESETN}} \
    xilinx.com:ip:xlconcat:2.1 {intf {} pins {dout}} \
]
set ::cells [dict create]
set ::cellconfig [dict create]
set ::segments {dma/S_AXI_LITE/Reg crypto/s_axi/reg0 ps7/S_AXI_HP0/HP0_DDR_LOWOCM}
set ::spaces {ps7/Data dma/Data_MM2S dma/Data_S2MM}
set ::packaged {}
set ::connections 0

proc cellPins {cell kind} {
    set vlnv [dict get $::cells $cell]
    if {[string match "sme-crypto.org:crypto:*" $vlnv]} {
        return [expr {$kind eq "intf" ? {s_axi s_axis m_axis} : {aclk aresetn}}]
    }
    set list [dict get $::ips $vlnv $kind]
    set cfg [expr {[dict exists $::cellconfig $cell] ? [dict get $::cellconfig $cell] : {}}]
    if {[string match "*axi_interconnect*" $vlnv]} {
        foreach {key prefix} {CONFIG.NUM_SI S CONFIG.NUM_MI M} {
            set n [expr {[dict exists $cfg $key] ? [dict get $cfg $key] : 1}]
            for {set i 0} {$i < $n} {incr i} {
                set p [format "%s%02d" $prefix $i]
                if {$kind eq "intf"} { lappend list ${p}_AXI } else { lappend list ${p}_ACLK ${p}_ARESETN }
            }
        }
    }
    if {[string match "*xlconcat*" $vlnv] && $kind eq "pins"} {
        set n [expr {[dict exists $cfg CONFIG.NUM_PORTS] ? [dict get $cfg CONFIG.NUM_PORTS] : 2}]
        for {set i 0} {$i < $n} {incr i} { lappend list In$i }
    }
    return $list
}
proc pinObject {kind path} {
    set parts [split $path /]
    if {[llength $parts] != 2} { error "get_bd_[expr {$kind eq {intf} ? {intf_} : {}}]pins: '$path' is not <cell>/<pin>" }
    lassign $parts cell pin
    if {![dict exists $::cells $cell]} { error "no cell '$cell' (pin $path)" }
    if {$pin ni [cellPins $cell $kind]} { error "cell $cell ([dict get $::cells $cell]) has no [expr {$kind eq {intf} ? {interface pin} : {pin}}] '$pin'" }
    return "$kind:$path"
}

vstub create_project {-force -in_memory} {-part} 0 2 { return project }
vstub add_files {-norecurse} {-fileset} 1 1 {
    foreach f [lindex $pos 0] { if {![file exists $f]} { error "add_files: no file $f" } }
    return [lindex $pos 0]
}
vstub get_files {-quiet} {-of_objects} 0 1 { return [lindex $pos 0] }
vstub current_fileset {} {} 0 0 { return sources_1 }
vstub current_project {} {} 0 0 { return project }
vstub update_compile_order {} {-fileset} 0 0 { return }
vstub close_project {} {} 0 0 { return }
vstub update_ip_catalog {-rebuild} {} 0 0 { return }
vstub ipx::package_project {-import_files -force} {-root_dir -vendor -library -taxonomy -set_current} 0 0 {
    foreach o {-root_dir -vendor -library} { if {![dict exists $opts $o]} { error "ipx::package_project needs $o" } }
    set ::packaged [dict get $opts -vendor]:[dict get $opts -library]
    return
}
vstub ipx::open_core {} {} 1 1 { if {[file tail [lindex $pos 0]] ne "component.xml"} { error "ipx::open_core: expects component.xml" }; return core }
foreach c {ipx::create_xgui_files ipx::update_checksums ipx::check_integrity ipx::save_core ipx::unload_core} {
    vstub $c {} {} 1 1 { if {[lindex $pos 0] ne "core"} { error "expects the opened core" }; return }
}
vstub create_bd_design {} {} 1 1 { return [lindex $pos 0] }
vstub get_board_parts {-quiet} {} 1 1 { return {} }
vstub create_bd_cell {} {-type -vlnv} 1 1 {
    set vlnv [dict get $opts -vlnv]
    if {[dict get $opts -type] ne "ip"} { error "create_bd_cell: -type ip expected" }
    if {![dict exists $::ips $vlnv] && ![string match "sme-crypto.org:crypto:axi_*_ip:1.0" $vlnv]} { error "create_bd_cell: unknown IP $vlnv" }
    if {[string match "sme-crypto.org:*" $vlnv] && ![string match "$::packaged:*" $vlnv]} { error "create_bd_cell: $vlnv was not packaged (vendor:library $::packaged)" }
    dict set ::cells [lindex $pos 0] $vlnv
    return "cell:[lindex $pos 0]"
}
vstub apply_bd_automation {} {-rule -config} 1 1 {
    if {![string match cell:* [lindex $pos 0]]} { error "apply_bd_automation: not a cell: [lindex $pos 0]" }
    if {[llength [dict get $opts -config]] % 2} { error "apply_bd_automation: -config is not a key/value list" }
    return
}
vstub set_property {} {-dict} 1 3 {
    if {[dict exists $opts -dict]} {
        if {[llength $pos] != 1} { error "set_property -dict LIST OBJECTS: one object list expected" }
        set d [dict get $opts -dict]
        if {[llength $d] % 2} { error "set_property -dict: odd list ([llength $d] elements)" }
        set objects [lindex $pos 0]
    } else {
        if {[llength $pos] != 3} { error "set_property NAME VALUE OBJECTS: got [llength $pos] arguments" }
        set d [list [lindex $pos 0] [lindex $pos 1]]
        set objects [lindex $pos 2]
    }
    foreach {k v} $d {
        if {[string match CONFIG.* $k]} {
            if {![string match cell:* $objects]} { error "set_property $k on '$objects', which is not a block-design cell" }
            dict set ::cellconfig [string range $objects 5 end] $k $v
        }
    }
    return
}
vstub get_bd_pins {} {} 1 1 { return [pinObject pins [lindex $pos 0]] }
vstub get_bd_intf_pins {} {} 1 1 { return [pinObject intf [lindex $pos 0]] }
vstub connect_bd_net {} {} 2 2 {
    foreach p $pos { if {![string match pins:* $p]} { error "connect_bd_net: '$p' is not a pin" } }
    incr ::connections; return
}
vstub connect_bd_intf_net {} {} 2 2 {
    foreach p $pos { if {![string match intf:* $p]} { error "connect_bd_intf_net: '$p' is not an interface pin" } }
    incr ::connections; return
}
vstub get_bd_addr_spaces {} {} 1 1 { if {[lindex $pos 0] ni $::spaces} { error "no address space [lindex $pos 0]" }; return "space:[lindex $pos 0]" }
vstub get_bd_addr_segs {} {} 1 1 { if {[lindex $pos 0] ni $::segments} { error "no address segment [lindex $pos 0]" }; return "seg:[lindex $pos 0]" }
vstub assign_bd_address {-force} {-offset -range -target_address_space} 0 1 {
    if {[llength $pos] == 1} {
        if {![string match seg:* [lindex $pos 0]]} { error "assign_bd_address: not a segment" }
        if {![string match space:* [dict get $opts -target_address_space]]} { error "assign_bd_address: -target_address_space is not an address space" }
        if {![regexp {^0x[0-9A-Fa-f]{8}$} [dict get $opts -offset]]} { error "assign_bd_address: offset [dict get $opts -offset]" }
        if {![regexp {^[0-9]+[KMG]$} [dict get $opts -range]]} { error "assign_bd_address: range [dict get $opts -range]" }
    }
    return
}
vstub validate_bd_design {} {} 0 0 { return }
vstub save_bd_design {} {} 0 0 { return }
vstub generate_target {} {} 2 2 { return }
vstub make_wrapper {-top} {-files} 0 0 { return [file join $::env(TMPDIR) system_wrapper.vhd] }
vstub launch_runs {} {-jobs -to_step} 1 1 { if {[lindex $pos 0] ni {synth_1 impl_1}} { error "no run [lindex $pos 0]" }; return }
vstub wait_on_run {} {} 1 1 { return }
vstub get_runs {} {} 1 1 { return "run:[lindex $pos 0]" }
vstub get_property {} {} 2 2 {
    switch -- [lindex $pos 0] {
        PROGRESS { return 100% }
        DIRECTORY { return $::env(TMPDIR) }
        default { error "get_property: this stub does not know [lindex $pos 0]" }
    }
}
vstub open_run {} {} 1 1 { return }
vstub report_timing_summary {} {-file} 0 0 { return }
vstub report_utilization {} {-file} 0 0 { return }
vstub write_hw_platform {-fixed -include_bit -force} {-file} 0 0 { return }

rename unknown tcl_unknown
proc unknown {args} { error "unknown command: [lindex $args 0] (not a Tcl command, nor one of the stubbed Vivado commands)" }
rename exit tcl_exit
proc exit {{code 0}} { return -code error "exit $code" }

# ---------------------------------------------------------------- run build.tcl for each wrapper
# build.tcl finds the repository from its own path ([info script]), so the script checked runs with
# [info script] set to zynq/build.tcl, wherever its text comes from.
proc run_build_tcl {} {
    set fd [open $::buildTcl]; set text [read $fd]; close $fd
    set saved [info script]
    info script [file join $::zynq build.tcl]
    try { uplevel #0 $text } finally { info script $saved }
}
set wrappers [lsort [glob -nocomplain -directory [file join $repo vhdl-out] -type d axi-*]]
if {[llength $wrappers] == 0} { fail "no vhdl-out/axi-* folder: nothing to build" }
set tmp [file join [expr {[info exists ::env(TMPDIR)] ? $::env(TMPDIR) : "/tmp"}] "zynq-check-[pid]"]
file mkdir $tmp
set ::env(TMPDIR) $tmp
close [open [file join $tmp system_wrapper.bit] w]
close [open [file join $tmp system_wrapper.vhd] w]
foreach w $wrappers {
    if {![regexp {^axi-([a-z0-9]+)-([a-z0-9][a-z0-9-]*?)(-w32)?$} [file tail $w] -> core variant w32]} { fail "unexpected folder $w"; continue }
    # a folder ending in -w32 is the wrapper's 32-bit stream option: build.tcl -width 32
    set width [expr {$w32 eq "" ? 64 : 32}]
    set ::cells [dict create]; set ::cellconfig [dict create]; set ::packaged {}; set ::connections 0
    set ::argv [list $core $variant [file join $tmp build $core-$variant$w32] -width $width]
    set ::argc 5
    if {[catch {run_build_tcl} msg]} {
        if {$msg ne "exit 0"} { fail "$core $variant$w32: $msg"; continue }
    }
    if {![file exists [file join $tmp build $core-$variant$w32 system.bit]]} { fail "$core $variant$w32: build.tcl did not reach the bitstream copy"; continue }
    set ipName [string map {- _} "axi_${core}_$variant${w32}_ip"]
    if {![dict exists $::cells crypto] || ![string match "*:$ipName:*" [dict get $::cells crypto]]} { fail "$core $variant$w32: the core cell is not the IP $ipName"; continue }
    # the DMA's streams must have the wrapper's width
    set dmaConfig [expr {[dict exists $::cellconfig dma] ? [dict get $::cellconfig dma] : {}}]
    foreach key {CONFIG.c_m_axis_mm2s_tdata_width CONFIG.c_s_axis_s2mm_tdata_width} {
        if {![dict exists $dmaConfig $key] || [dict get $dmaConfig $key] != $width} {
            fail "$core $variant$w32: the DMA's $key is [expr {[dict exists $dmaConfig $key] ? [dict get $dmaConfig $key] : "not set"}], the wrapper's streams are $width bits"
        }
    }
    puts "ok   $core $variant$w32: [dict size $::cells] cells, $::connections connections, $width-bit streams"
}
# a stream width other than 32 or 64 is a usage error (exit 2)
set ::argv {aes proc11 -width 48}
if {[catch {run_build_tcl} msg] && $msg ne "exit 2"} { fail "with -width 48: $msg (expected exit 2)" }
# a usage error must exit 2
set ::argv {}
if {[catch {run_build_tcl} msg] && $msg ne "exit 2"} { fail "without arguments: $msg (expected exit 2)" }
file delete -force $tmp
if {$failures} { puts "$failures failures"; tcl_exit 1 }
puts "PASS [file tail $buildTcl]: parses, and runs against the Vivado stubs for [llength $wrappers] wrappers"
tcl_exit 0
