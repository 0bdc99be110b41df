# Builds the Zedboard design for one crypto core wrapper from scratch, in Vivado batch mode:
#
#   vivado -mode batch -source zynq/build.tcl -tclargs <core> <variant> [build-folder] [-width 32]
#   e.g. vivado -mode batch -source zynq/build.tcl -tclargs aes proc11
#        vivado -mode batch -source zynq/build.tcl -tclargs aes proc11 -width 32
#
# stream_width (-width): bits of the AXI4-Stream between the DMA and the core, 64 (default: the HP
# port's width) or 32. 32 takes the wrapper's 32-bit option (vhdl-out/axi-<core>-<variant>-w32/,
# top entity axi_<core>_<variant>_w32_ip) and sets the DMA's stream widths
# (c_m_axis_mm2s_tdata_width, c_s_axis_s2mm_tdata_width) to 32; the DMA's memory side and HP0 stay
# 64 bits. A 32-bit stream moves 4 bytes per clock each way, half the 64-bit rate (docs/throughput.md).
#
# Written for Vivado 2022.2 (processing_system7 5.5, axi_dma 7.1, axi_interconnect 2.1,
# proc_sys_reset 5.0, xlconcat 2.1). It has NOT been run in Vivado: it is checked here only by
# tclsh's parser and a stub of the Vivado commands (zynq/check/check.tcl). See zynq/README.md.
#
# What it makes, in <build-folder> (default zynq/build/<core>-<variant>):
#   ip/       the wrapper's VHDL from vhdl-out/axi-<core>-<variant>[-w32]/ packaged as an IP
#             (top entity axi_<core>_<variant>_ip: aclk, aresetn, s_axi_*, s_axis_*, m_axis_*)
#   project/  the Vivado project with block design "system":
#             PS7 (DDR, FCLK_CLK0 = 100 MHz, M_AXI_GP0, S_AXI_HP0 64 bits, IRQ_F2P)
#             AXI DMA (simple mode, MM2S and S2MM, streams of stream_width bits, 26-bit length register)
#             the core IP between DMA MM2S and S2MM; control on GP0 through an AXI interconnect
#             address map: DMA registers 0x4040_0000 (64 KiB), core registers 0x43C0_0000 (4 KiB),
#             DMA masters see DDR at 0x0000_0000 (512 MiB) through HP0
#   system.bit, system.xsa   bitstream and the hardware export (with the bitstream)

set part xc7z020clg484-1
set fclk_mhz 100

set usage "usage: vivado -mode batch -source zynq/build.tcl -tclargs <core> <variant> \[build-folder\] \[-width 32|64\]"
# -width N may stand anywhere among the arguments; the rest are positional
set stream_width 64
set args {}
for {set i 0} {$i < [llength $argv]} {incr i} {
    if {[lindex $argv $i] eq "-width"} {
        incr i
        set stream_width [lindex $argv $i]
    } else {
        lappend args [lindex $argv $i]
    }
}
if {[llength $args] < 2 || [llength $args] > 3 || $stream_width ni {32 64}} {
    puts stderr $usage
    exit 2
}
set core [lindex $args 0]
set variant [lindex $args 1]
# names of the 32-bit option end in -w32 (folder) and _w32 (entity)
set suffix [expr {$stream_width == 64 ? "" : "-w$stream_width"}]
set here [file dirname [file normalize [info script]]]
set repo [file dirname $here]
if {[llength $args] >= 3} {
    set build [file normalize [lindex $args 2]]
} else {
    set build [file join $here build "$core-$variant$suffix"]
}
# the top entity: a "-" in the variant (iterative-cbc) is "_" in the VHDL name
set name "axi_[string map {- _} $core]_[string map {- _} $variant$suffix]_ip"
set vhdl [file join $repo vhdl-out "axi-$core-$variant$suffix"]
set sources [lsort [glob -nocomplain -directory $vhdl *.vhd]]
if {[llength $sources] == 0} {
    puts stderr "no VHDL in $vhdl: run ./sme-crypto verify-axi --core $core --variant $variant --width $stream_width first"
    exit 2
}
file mkdir $build

# ---- 1. package the wrapper as an IP (interfaces inferred from the Xilinx port names and X_INTERFACE attributes)
set ipdir [file join $build ip]
file delete -force $ipdir
create_project -force package [file join $build package] -part $part
add_files -norecurse $sources
set_property file_type {VHDL} [get_files $sources]
set_property top $name [current_fileset]
update_compile_order -fileset sources_1
ipx::package_project -root_dir $ipdir -vendor sme-crypto.org -library crypto -taxonomy /Crypto -import_files -set_current false -force
set ip [ipx::open_core [file join $ipdir component.xml]]
set_property display_name "$core $variant (AXI4-Stream $stream_width bits, AXI4-Lite)" $ip
set_property version 1.0 $ip
set_property core_revision 1 $ip
ipx::create_xgui_files $ip
ipx::update_checksums $ip
ipx::check_integrity $ip
ipx::save_core $ip
ipx::unload_core $ip
close_project

# ---- 2. the project and the block design
create_project -force system [file join $build project] -part $part
set_property target_language VHDL [current_project]
set_property ip_repo_paths [list $ipdir] [current_project]
update_ip_catalog -rebuild
create_bd_design system

set ps [create_bd_cell -type ip -vlnv xilinx.com:ip:processing_system7:5.5 ps7]
# Zedboard PS settings (DDR3, MIO) from the board preset when the board files are installed.
if {[llength [get_board_parts -quiet em.avnet.com:zed:part0:*]] > 0} {
    apply_bd_automation -rule xilinx.com:bd_rule:processing_system7 -config {make_external "FIXED_IO, DDR" apply_board_preset "1" Master "Disable" Slave "Disable"} $ps
} else {
    apply_bd_automation -rule xilinx.com:bd_rule:processing_system7 -config {make_external "FIXED_IO, DDR" apply_board_preset "0" Master "Disable" Slave "Disable"} $ps
    set_property -dict [list CONFIG.PCW_DDR_RAM_HIGHADDR {0x1FFFFFFF} CONFIG.PCW_UIPARAM_DDR_PARTNO {MT41K128M16 JT-125} \
        CONFIG.PCW_UIPARAM_DDR_BUS_WIDTH {32 Bit} CONFIG.PCW_UART1_PERIPHERAL_ENABLE {1} CONFIG.PCW_UART1_UART1_IO {MIO 48 .. 49} \
        CONFIG.PCW_SD0_PERIPHERAL_ENABLE {1} CONFIG.PCW_ENET0_PERIPHERAL_ENABLE {1} CONFIG.PCW_ENET0_ENET0_IO {MIO 16 .. 27}] $ps
}
set_property -dict [list \
    CONFIG.PCW_FPGA0_PERIPHERAL_FREQMHZ $fclk_mhz \
    CONFIG.PCW_USE_M_AXI_GP0 {1} \
    CONFIG.PCW_USE_S_AXI_HP0 {1} \
    CONFIG.PCW_S_AXI_HP0_DATA_WIDTH {64} \
    CONFIG.PCW_USE_FABRIC_INTERRUPT {1} \
    CONFIG.PCW_IRQ_F2P_INTR {1} \
    CONFIG.PCW_EN_CLK0_PORT {1} \
    CONFIG.PCW_EN_RST0_PORT {1}] $ps

set dma [create_bd_cell -type ip -vlnv xilinx.com:ip:axi_dma:7.1 dma]
set_property -dict [list \
    CONFIG.c_include_sg {0} \
    CONFIG.c_sg_length_width {26} \
    CONFIG.c_include_mm2s {1} \
    CONFIG.c_include_s2mm {1} \
    CONFIG.c_m_axi_mm2s_data_width {64} \
    CONFIG.c_m_axis_mm2s_tdata_width $stream_width \
    CONFIG.c_m_axi_s2mm_data_width {64} \
    CONFIG.c_s_axis_s2mm_tdata_width $stream_width \
    CONFIG.c_mm2s_burst_size {16} \
    CONFIG.c_s2mm_burst_size {16}] $dma

set crypto [create_bd_cell -type ip -vlnv sme-crypto.org:crypto:$name:1.0 crypto]
set reset [create_bd_cell -type ip -vlnv xilinx.com:ip:proc_sys_reset:5.0 reset]
set control [create_bd_cell -type ip -vlnv xilinx.com:ip:axi_interconnect:2.1 control]
set_property -dict [list CONFIG.NUM_SI {1} CONFIG.NUM_MI {2}] $control
set memory [create_bd_cell -type ip -vlnv xilinx.com:ip:axi_interconnect:2.1 memory]
set_property -dict [list CONFIG.NUM_SI {2} CONFIG.NUM_MI {1}] $memory
set irq [create_bd_cell -type ip -vlnv xilinx.com:ip:xlconcat:2.1 irq]
set_property -dict [list CONFIG.NUM_PORTS {2}] $irq

# control: GP0 -> interconnect -> DMA registers, core registers
connect_bd_intf_net [get_bd_intf_pins ps7/M_AXI_GP0] [get_bd_intf_pins control/S00_AXI]
connect_bd_intf_net [get_bd_intf_pins control/M00_AXI] [get_bd_intf_pins dma/S_AXI_LITE]
connect_bd_intf_net [get_bd_intf_pins control/M01_AXI] [get_bd_intf_pins crypto/s_axi]
# data: DDR -> HP0 -> DMA MM2S -> core -> DMA S2MM -> HP0 -> DDR
connect_bd_intf_net [get_bd_intf_pins dma/M_AXI_MM2S] [get_bd_intf_pins memory/S00_AXI]
connect_bd_intf_net [get_bd_intf_pins dma/M_AXI_S2MM] [get_bd_intf_pins memory/S01_AXI]
connect_bd_intf_net [get_bd_intf_pins memory/M00_AXI] [get_bd_intf_pins ps7/S_AXI_HP0]
connect_bd_intf_net [get_bd_intf_pins dma/M_AXIS_MM2S] [get_bd_intf_pins crypto/s_axis]
connect_bd_intf_net [get_bd_intf_pins crypto/m_axis] [get_bd_intf_pins dma/S_AXIS_S2MM]

# one clock (FCLK_CLK0) for everything, one reset synchronizer
set clock_pins [list ps7/M_AXI_GP0_ACLK ps7/S_AXI_HP0_ACLK reset/slowest_sync_clk \
    dma/s_axi_lite_aclk dma/m_axi_mm2s_aclk dma/m_axi_s2mm_aclk crypto/aclk \
    control/ACLK control/S00_ACLK control/M00_ACLK control/M01_ACLK \
    memory/ACLK memory/S00_ACLK memory/S01_ACLK memory/M00_ACLK]
foreach pin $clock_pins {
    connect_bd_net [get_bd_pins ps7/FCLK_CLK0] [get_bd_pins $pin]
}
connect_bd_net [get_bd_pins ps7/FCLK_RESET0_N] [get_bd_pins reset/ext_reset_in]
connect_bd_net [get_bd_pins reset/interconnect_aresetn] [get_bd_pins control/ARESETN]
connect_bd_net [get_bd_pins reset/interconnect_aresetn] [get_bd_pins memory/ARESETN]
set reset_pins [list dma/axi_resetn crypto/aresetn control/S00_ARESETN control/M00_ARESETN control/M01_ARESETN \
    memory/S00_ARESETN memory/S01_ARESETN memory/M00_ARESETN]
foreach pin $reset_pins {
    connect_bd_net [get_bd_pins reset/peripheral_aresetn] [get_bd_pins $pin]
}
# DMA completion interrupts to the PS (IRQ_F2P[0] MM2S, [1] S2MM: GIC IDs 61 and 62)
connect_bd_net [get_bd_pins dma/mm2s_introut] [get_bd_pins irq/In0]
connect_bd_net [get_bd_pins dma/s2mm_introut] [get_bd_pins irq/In1]
connect_bd_net [get_bd_pins irq/dout] [get_bd_pins ps7/IRQ_F2P]

# ---- 3. address map (the same numbers as zynq/host/crypto_axi.h)
set data [get_bd_addr_spaces ps7/Data]
assign_bd_address -offset 0x40400000 -range 64K -target_address_space $data [get_bd_addr_segs dma/S_AXI_LITE/Reg]
assign_bd_address -offset 0x43C00000 -range 4K -target_address_space $data [get_bd_addr_segs crypto/s_axi/reg0]
foreach master {Data_MM2S Data_S2MM} {
    assign_bd_address -offset 0x00000000 -range 512M -target_address_space [get_bd_addr_spaces dma/$master] [get_bd_addr_segs ps7/S_AXI_HP0/HP0_DDR_LOWOCM]
}

validate_bd_design
save_bd_design

# ---- 4. wrapper, synthesis, implementation, bitstream, hardware export
set bd [get_files system.bd]
generate_target all $bd
set wrapper [make_wrapper -files $bd -top]
add_files -norecurse $wrapper
set_property top system_wrapper [current_fileset]
update_compile_order -fileset sources_1
launch_runs synth_1 -jobs 2
wait_on_run synth_1
if {[get_property PROGRESS [get_runs synth_1]] ne "100%"} {
    puts stderr "synthesis failed"
    exit 1
}
launch_runs impl_1 -to_step write_bitstream -jobs 2
wait_on_run impl_1
if {[get_property PROGRESS [get_runs impl_1]] ne "100%"} {
    puts stderr "implementation failed"
    exit 1
}
open_run impl_1
report_timing_summary -file [file join $build timing.txt]
report_utilization -file [file join $build utilization.txt]
set bit [lindex [glob -directory [get_property DIRECTORY [get_runs impl_1]] *.bit] 0]
file copy -force $bit [file join $build system.bit]
write_hw_platform -fixed -include_bit -force -file [file join $build system.xsa]
puts "done: [file join $build system.bit], [file join $build system.xsa]"
