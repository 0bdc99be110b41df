// Harnesses of the formal checks (src/Axi/Formal/AxiFormal.cs): each binds the checkers of
// axi_rules.sv and axi_lite_rules.sv, and what it assumes of its neighbours, around one design
// generated from the C# processes (instantiated as dut_top; its ports are the design's buses,
// <bus>_<Signal>). Every input of a harness is free: the solver picks it each cycle, within the
// assumptions. The first cycle is a reset, and the only one.
// Written for sme-crypto; the rules are Arm's (AXI4-Lite: IHI 0022, AXI4-Stream: IHI 0051).

// The first cycle is a reset (ARESETn); the checks then run without another one (the reset state
// is what the cycle after it shows).
module reset_first (input clk, input rst);
  reg f_past = 1'b0;
  always @(posedge clk) f_past <= 1'b1;
  always @(*) assume(rst == !f_past);
endmodule

// ---- AxiLiteRegisterBank: the AXI4-Lite slave; the stream and core buses it watches are free.
module check_registers (
  input clk, input rst,
  input aw_Valid, input [7:0] aw_Addr, input w_Valid, input [31:0] w_Data, input [3:0] w_Strb,
  input b_ready_Ready, input ar_Valid, input [7:0] ar_Addr, input r_ready_Ready,
  input core_in_Valid, input core_in_Last, input core_in_ready_Ready,
  input core_out_Valid, input core_out_Last, input core_out_ready_Ready,
  input stream_in_Valid, input stream_in_Last, input stream_in_ready_Ready,
  input stream_out_Valid, input stream_out_Last, input stream_out_ready_Ready,
  input input_error_Error, input [7:0] input_error_Code, input core_error_Error, input [7:0] core_error_Code,
  input drain_Discard);
  wire aw_ready_Ready, w_ready_Ready, b_Valid, ar_ready_Ready, r_Valid, control_Enabled, control_Flush, config_Decrypt;
  wire [1:0] b_Resp, r_Resp, config_KeySize;
  wire [31:0] r_Data;
  wire [127:0] config_KeyLow, config_KeyHigh, config_Iv;
  wire [3:0] config_Mode;
  dut_top dut (.clk(clk), .rst(rst),
    .aw_Valid(aw_Valid), .aw_Addr(aw_Addr), .w_Valid(w_Valid), .w_Data(w_Data), .w_Strb(w_Strb),
    .b_ready_Ready(b_ready_Ready), .ar_Valid(ar_Valid), .ar_Addr(ar_Addr), .r_ready_Ready(r_ready_Ready),
    .core_in_Valid(core_in_Valid), .core_in_Last(core_in_Last), .core_in_ready_Ready(core_in_ready_Ready),
    .core_out_Valid(core_out_Valid), .core_out_Last(core_out_Last), .core_out_ready_Ready(core_out_ready_Ready),
    .stream_in_Valid(stream_in_Valid), .stream_in_Last(stream_in_Last), .stream_in_ready_Ready(stream_in_ready_Ready),
    .stream_out_Valid(stream_out_Valid), .stream_out_Last(stream_out_Last), .stream_out_ready_Ready(stream_out_ready_Ready),
    .input_error_Error(input_error_Error), .input_error_Code(input_error_Code),
    .core_error_Error(core_error_Error), .core_error_Code(core_error_Code), .drain_Discard(drain_Discard),
    .aw_ready_Ready(aw_ready_Ready), .w_ready_Ready(w_ready_Ready), .b_Valid(b_Valid), .b_Resp(b_Resp),
    .ar_ready_Ready(ar_ready_Ready), .r_Valid(r_Valid), .r_Data(r_Data), .r_Resp(r_Resp),
    .control_Enabled(control_Enabled), .control_Flush(control_Flush),
    .config_KeyLow(config_KeyLow), .config_KeyHigh(config_KeyHigh), .config_Iv(config_Iv),
    .config_Mode(config_Mode), .config_Decrypt(config_Decrypt), .config_KeySize(config_KeySize));
  reset_first first (clk, rst);
  axi_lite_slave_rules lite (clk, rst, aw_Valid, aw_ready_Ready, aw_Addr, w_Valid, w_ready_Ready, w_Data, w_Strb,
    b_Valid, b_ready_Ready, b_Resp, ar_Valid, ar_ready_Ready, ar_Addr, r_Valid, r_ready_Ready, r_Data, r_Resp);
  reg f_past = 1'b0;
  always @(posedge clk) f_past <= 1'b1;
  always @(posedge clk)
    if (f_past) begin
      // Flush (soft reset) is a one-cycle pulse and disables the input stream; nothing is enabled out of reset.
      if ($past(rst)) assert(!control_Enabled && !control_Flush);
      else assert(!(control_Flush && $past(control_Flush)));
      if (control_Flush) assert(!control_Enabled);
    end
endmodule

// ---- a stream master that gets Flush: the serializer driving m_axis (64-bit or 32-bit beats)
module check_stream_master #(parameter OUT_LANES = 8) (
  input clk, input rst, input in_Valid, input in_Last, input [127:0] in_Data, input [4:0] in_Bytes,
  input control_Enabled, input control_Flush, input out_ready_Ready,
  input in_ready_Ready, input out_Valid, input out_Last, input [8*OUT_LANES-1:0] out_Data, input [OUT_LANES-1:0] out_Keep);
  reset_first first (clk, rst);
  axis_master_rules #(.LANES(OUT_LANES)) m_axis (clk, rst, out_Valid, out_ready_Ready, out_Data, out_Keep, out_Last);
  axis_flush_closes_packet #(.LANES(OUT_LANES)) closing (clk, rst, control_Flush, out_Valid, out_ready_Ready, out_Data, out_Keep, out_Last);
  // What the process in front promises: a block of 1..16 bytes, whole unless it ends a packet, held
  // until taken (except across a flush).
  always @(*)
    if (in_Valid) assume(in_Bytes >= 1 && in_Bytes <= 16 && (in_Last || in_Bytes == 16));
  stream_hold_rules #(.WIDTH(128 + 6), .ASSERT(0)) input_held (clk, rst, control_Flush, in_Valid, in_ready_Ready,
    {in_Data, in_Bytes, in_Last});
endmodule

// The serializer over W with LANES byte lanes (8: ulong, the 64-bit wrapper's; 4: uint, the 32-bit one's).
module serializer_harness #(parameter LANES = 8) (
  input clk, input rst, input in_Valid, input in_Last, input [127:0] in_Data, input [4:0] in_Bytes,
  input control_Enabled, input control_Flush, input out_ready_Ready);
  wire in_ready_Ready, out_Valid, out_Last;
  wire [8*LANES-1:0] out_Data;
  wire [LANES-1:0] out_Keep;
  dut_top dut (.clk(clk), .rst(rst), .in_Valid(in_Valid), .in_Last(in_Last), .in_Data(in_Data), .in_Bytes(in_Bytes),
    .control_Enabled(control_Enabled), .control_Flush(control_Flush), .out_ready_Ready(out_ready_Ready),
    .in_ready_Ready(in_ready_Ready), .out_Valid(out_Valid), .out_Last(out_Last), .out_Data(out_Data), .out_Keep(out_Keep));
  check_stream_master #(.OUT_LANES(LANES)) rules (clk, rst, in_Valid, in_Last, in_Data, in_Bytes,
    control_Enabled, control_Flush, out_ready_Ready, in_ready_Ready, out_Valid, out_Last, out_Data, out_Keep);
endmodule

module check_serializer (
  input clk, input rst, input in_Valid, input in_Last, input [127:0] in_Data, input [4:0] in_Bytes,
  input control_Enabled, input control_Flush, input out_ready_Ready);
  serializer_harness #(.LANES(8)) h (clk, rst, in_Valid, in_Last, in_Data, in_Bytes, control_Enabled, control_Flush, out_ready_Ready);
endmodule

module check_serializer32 (
  input clk, input rst, input in_Valid, input in_Last, input [127:0] in_Data, input [4:0] in_Bytes,
  input control_Enabled, input control_Flush, input out_ready_Ready);
  serializer_harness #(.LANES(4)) h (clk, rst, in_Valid, in_Last, in_Data, in_Bytes, control_Enabled, control_Flush, out_ready_Ready);
endmodule

// ---- a stream slave on s_axis: the assembler (64-bit or 32-bit beats). The source keeps
// the AXI4-Stream rules (assumed); TKEEP is anything. Asserted: TREADY low in the cycle after a reset
// edge and after a cycle not enabled or flushing (the input refuses cleanly from a soft reset until
// START); the stream it feeds holds until taken (except across a flush).
module check_stream_slave #(parameter IN_LANES = 8, parameter OUT_WIDTH = 134) (
  input clk, input rst, input in_Valid, input in_Last, input [8*IN_LANES-1:0] in_Data, input [IN_LANES-1:0] in_Keep,
  input control_Enabled, input control_Flush, input out_ready_Ready, input in_ready_Ready, input out_Valid, input [OUT_WIDTH-1:0] out_payload);
  reset_first first (clk, rst);
  axis_source_assumed #(.LANES(IN_LANES)) s_axis (clk, rst, in_Valid, in_ready_Ready, in_Data, in_Keep, in_Last);
  stream_hold_rules #(.WIDTH(OUT_WIDTH), .ASSERT(1)) output_held (clk, rst, control_Flush, out_Valid, out_ready_Ready, out_payload);
  reg f_past = 1'b0;
  always @(posedge clk) f_past <= 1'b1;
  always @(posedge clk)
    if (f_past && ($past(rst) || !$past(control_Enabled) || $past(control_Flush))) assert(!in_ready_Ready);
  always @(posedge clk)
    if (f_past && $past(rst)) assert(!out_Valid);
endmodule

// The assembler over W with LANES byte lanes (8: ulong, the 64-bit wrapper's; 4: uint, the 32-bit one's).
module assembler_harness #(parameter LANES = 8) (
  input clk, input rst, input in_Valid, input in_Last, input [8*LANES-1:0] in_Data, input [LANES-1:0] in_Keep,
  input control_Enabled, input control_Flush, input out_ready_Ready);
  wire in_ready_Ready, out_Valid, out_Last, error_Error;
  wire [127:0] out_Data;
  wire [4:0] out_Bytes;
  wire [7:0] error_Code;
  dut_top dut (.clk(clk), .rst(rst), .in_Valid(in_Valid), .in_Last(in_Last), .in_Data(in_Data), .in_Keep(in_Keep),
    .control_Enabled(control_Enabled), .control_Flush(control_Flush), .out_ready_Ready(out_ready_Ready),
    .in_ready_Ready(in_ready_Ready), .out_Valid(out_Valid), .out_Last(out_Last), .out_Data(out_Data), .out_Bytes(out_Bytes),
    .error_Error(error_Error), .error_Code(error_Code));
  check_stream_slave #(.IN_LANES(LANES), .OUT_WIDTH(134)) rules (clk, rst, in_Valid, in_Last, in_Data, in_Keep,
    control_Enabled, control_Flush, out_ready_Ready, in_ready_Ready, out_Valid, {out_Data, out_Bytes, out_Last});
  // Its blocks: 1..16 bytes, whole unless a packet's last; the error it reports is a TKEEP error.
  // Not in the reset cycle itself, whose register values are from before the first edge.
  always @(*)
    if (!rst) begin
      if (out_Valid) assert(out_Bytes >= 1 && out_Bytes <= 16 && (out_Last || out_Bytes == 16));
      if (error_Error) assert(error_Code == 2);
    end
endmodule

module check_assembler (
  input clk, input rst, input in_Valid, input in_Last, input [63:0] in_Data, input [7:0] in_Keep,
  input control_Enabled, input control_Flush, input out_ready_Ready);
  assembler_harness #(.LANES(8)) h (clk, rst, in_Valid, in_Last, in_Data, in_Keep, control_Enabled, control_Flush, out_ready_Ready);
endmodule

module check_assembler32 (
  input clk, input rst, input in_Valid, input in_Last, input [31:0] in_Data, input [3:0] in_Keep,
  input control_Enabled, input control_Flush, input out_ready_Ready);
  assembler_harness #(.LANES(4)) h (clk, rst, in_Valid, in_Last, in_Data, in_Keep, control_Enabled, control_Flush, out_ready_Ready);
endmodule

// ---- CoreOutputGate (combinational): passes the core's blocks unless the drain discards them, and
// then takes them from the core whatever the output does.
module check_gate (
  input clk, input rst, input in_Valid, input in_Last, input [127:0] in_Data, input [4:0] in_Bytes,
  input drain_Discard, input out_ready_Ready);
  wire out_Valid, out_Last, core_out_ready_Ready;
  wire [127:0] out_Data;
  wire [4:0] out_Bytes;
  dut_top dut (.clk(clk), .rst(rst), .in_Valid(in_Valid), .in_Last(in_Last), .in_Data(in_Data), .in_Bytes(in_Bytes),
    .drain_Discard(drain_Discard), .out_ready_Ready(out_ready_Ready),
    .out_Valid(out_Valid), .out_Last(out_Last), .out_Data(out_Data), .out_Bytes(out_Bytes), .core_out_ready_Ready(core_out_ready_Ready));
  reset_first first (clk, rst);
  always @(*) begin
    assert(out_Valid == (in_Valid && !drain_Discard));
    assert(core_out_ready_Ready == (drain_Discard || out_ready_Ready));
    if (out_Valid) assert(out_Data == in_Data && out_Bytes == in_Bytes && out_Last == in_Last);
  end
endmodule

// ---- CoreFlowDrain, with a model of the core behind it: the core owes one output per counted input
// (each block, or each packet's last block) and never makes an output it does not owe; inputs reach it
// only while the stream is enabled, or after a soft reset (an adapter closing a message, which also
// raises Closing). Asserted: without a soft reset the drain discards nothing; it discards only while
// the core still owes an output or the adapter is closing (so it cannot wait for an output that never
// comes); Discard is low out of reset.
module check_drain_model #(parameter ONE_PER_PACKET = 0) (
  input clk, input rst, input core_in_Valid, input core_in_Last, input core_in_ready_Ready,
  input core_out_Valid, input core_out_Last, input core_out_ready_Ready,
  input control_Enabled, input control_Flush, input closing_Discard);
  wire drain_out_Discard;
  dut_top dut (.clk(clk), .rst(rst), .core_in_Valid(core_in_Valid), .core_in_Last(core_in_Last), .core_in_ready_Ready(core_in_ready_Ready),
    .core_out_Valid(core_out_Valid), .core_out_Last(core_out_Last), .core_out_ready_Ready(core_out_ready_Ready),
    .control_Enabled(control_Enabled), .control_Flush(control_Flush), .closing_Discard(closing_Discard), .drain_out_Discard(drain_out_Discard));
  reset_first first (clk, rst);
  reg f_past = 1'b0;
  always @(posedge clk) f_past <= 1'b1;
  wire counted_in = core_in_Valid && core_in_ready_Ready && (!ONE_PER_PACKET || core_in_Last);
  wire counted_out = core_out_Valid && core_out_ready_Ready && (!ONE_PER_PACKET || core_out_Last);
  reg [15:0] f_owed = 0;
  reg f_flushed = 1'b0;
  always @(posedge clk)
    if (rst) begin
      f_owed <= 0;
      f_flushed <= 1'b0;
    end else begin
      f_owed <= f_owed + counted_in - counted_out;
      if (control_Flush) f_flushed <= 1'b1;
    end
  always @(*) begin
    if (counted_out) assume(f_owed != 0);
    if (core_in_Valid && core_in_ready_Ready) assume(control_Enabled || f_flushed || control_Flush);
    if (!f_flushed) assume(!closing_Discard);
    if (control_Flush) assume(!control_Enabled);
  end
  always @(posedge clk)
    if (f_past && !$past(rst)) begin
      if (!f_flushed) assert(!drain_out_Discard);
      // Discard is a register: it shows the closing input of the cycle before.
      if (drain_out_Discard) assert($past(closing_Discard) || f_owed != 0);
    end
  always @(posedge clk)
    if (f_past && $past(rst)) assert(!drain_out_Discard);
endmodule

module check_drain (
  input clk, input rst, input core_in_Valid, input core_in_Last, input core_in_ready_Ready,
  input core_out_Valid, input core_out_Last, input core_out_ready_Ready,
  input control_Enabled, input control_Flush, input closing_Discard);
  check_drain_model #(.ONE_PER_PACKET(0)) model (clk, rst, core_in_Valid, core_in_Last, core_in_ready_Ready,
    core_out_Valid, core_out_Last, core_out_ready_Ready, control_Enabled, control_Flush, closing_Discard);
endmodule

module check_drain_per_packet (
  input clk, input rst, input core_in_Valid, input core_in_Last, input core_in_ready_Ready,
  input core_out_Valid, input core_out_Last, input core_out_ready_Ready,
  input control_Enabled, input control_Flush, input closing_Discard);
  check_drain_model #(.ONE_PER_PACKET(1)) model (clk, rst, core_in_Valid, core_in_Last, core_in_ready_Ready,
    core_out_Valid, core_out_Last, core_out_ready_Ready, control_Enabled, control_Flush, closing_Discard);
endmodule

// ---- a whole wrapper with 64-bit streams (its generated top, not the Xilinx-named shell): the
// AXI4-Lite slave rules, s_axis assumed, m_axis asserted, by bounded model checking.
module check_wrapper (
  input clk, input rst,
  input s_axis_Valid, input s_axis_Last, input [63:0] s_axis_Data, input [7:0] s_axis_Keep, input axis_ready_Ready,
  input s_axi_aw_Valid, input [7:0] s_axi_aw_Addr, input s_axi_w_Valid, input [31:0] s_axi_w_Data, input [3:0] s_axi_w_Strb,
  input s_axi_b_ready_Ready, input s_axi_ar_Valid, input [7:0] s_axi_ar_Addr, input s_axi_r_ready_Ready);
  wire s_axis_ready_Ready, axis_Valid, axis_Last, s_axi_aw_ready_Ready, s_axi_w_ready_Ready, s_axi_b_Valid, s_axi_ar_ready_Ready, s_axi_r_Valid;
  wire [63:0] axis_Data;
  wire [7:0] axis_Keep;
  wire [1:0] s_axi_b_Resp, s_axi_r_Resp;
  wire [31:0] s_axi_r_Data;
  dut_top dut (.clk(clk), .rst(rst),
    .s_axis_Valid(s_axis_Valid), .s_axis_Last(s_axis_Last), .s_axis_Data(s_axis_Data), .s_axis_Keep(s_axis_Keep),
    .axis_ready_Ready(axis_ready_Ready), .s_axi_aw_Valid(s_axi_aw_Valid), .s_axi_aw_Addr(s_axi_aw_Addr),
    .s_axi_w_Valid(s_axi_w_Valid), .s_axi_w_Data(s_axi_w_Data), .s_axi_w_Strb(s_axi_w_Strb), .s_axi_b_ready_Ready(s_axi_b_ready_Ready),
    .s_axi_ar_Valid(s_axi_ar_Valid), .s_axi_ar_Addr(s_axi_ar_Addr), .s_axi_r_ready_Ready(s_axi_r_ready_Ready),
    .s_axis_ready_Ready(s_axis_ready_Ready), .axis_Valid(axis_Valid), .axis_Last(axis_Last), .axis_Data(axis_Data), .axis_Keep(axis_Keep),
    .s_axi_aw_ready_Ready(s_axi_aw_ready_Ready), .s_axi_w_ready_Ready(s_axi_w_ready_Ready), .s_axi_b_Valid(s_axi_b_Valid),
    .s_axi_b_Resp(s_axi_b_Resp), .s_axi_ar_ready_Ready(s_axi_ar_ready_Ready), .s_axi_r_Valid(s_axi_r_Valid),
    .s_axi_r_Data(s_axi_r_Data), .s_axi_r_Resp(s_axi_r_Resp));
  reset_first first (clk, rst);
  axi_lite_slave_rules lite (clk, rst, s_axi_aw_Valid, s_axi_aw_ready_Ready, s_axi_aw_Addr, s_axi_w_Valid, s_axi_w_ready_Ready,
    s_axi_w_Data, s_axi_w_Strb, s_axi_b_Valid, s_axi_b_ready_Ready, s_axi_b_Resp, s_axi_ar_Valid, s_axi_ar_ready_Ready, s_axi_ar_Addr,
    s_axi_r_Valid, s_axi_r_ready_Ready, s_axi_r_Data, s_axi_r_Resp);
  axis_source_assumed #(.LANES(8)) s_axis (clk, rst, s_axis_Valid, s_axis_ready_Ready, s_axis_Data, s_axis_Keep, s_axis_Last);
  axis_master_rules #(.LANES(8)) m_axis (clk, rst, axis_Valid, axis_ready_Ready, axis_Data, axis_Keep, axis_Last);
endmodule

// ---- AxiAeadSplitter (AEAD wrappers): the items it offers the core are held until taken, across a soft
// reset too (a core may have begun on the item on offer: the GCM core starts computing H when a message's
// first item is offered); every item but End has 1..16 bytes, End has Last; TREADY is low in reset, while
// not enabled and after a flush; the pulse that begins an empty message (START with CONTROL.EMPTY) comes
// in no cycle that takes a block or offers an End (the register bank counts it as the message's start).
// Assumed: its input, the assembler's blocks, held until taken except across a soft reset, 1..16 bytes,
// whole unless a packet's last; IV_LEN not 0 and TAG_LEN 12..16, as the AEAD registers accept them (the
// request for an empty message, aead_EmptyMessage, is free).
module check_aead_splitter (
  input clk, input rst, input in_Valid, input in_Last, input [127:0] in_Data, input [4:0] in_Bytes,
  input [127:0] config_KeyLow, input [127:0] config_KeyHigh, input [127:0] config_Iv, input [3:0] config_Mode,
  input config_Decrypt, input [1:0] config_KeySize,
  input [31:0] aead_AadBytes, input [31:0] aead_IvBytes, input [127:0] aead_ExpectedTag, input [4:0] aead_TagBytes,
  input aead_EmptyMessage, input control_Enabled, input control_Flush, input out_ready_Ready);
  wire in_ready_Ready, out_Valid, out_Last, out_LastOfKind, first_Valid, first_Last, closing_Discard, error_Error;
  wire empty_begun_Valid, empty_begun_Last;
  wire [1:0] out_Kind;
  wire [127:0] out_Data;
  wire [4:0] out_Bytes;
  wire [7:0] error_Code;
  dut_top dut (.clk(clk), .rst(rst), .in_Valid(in_Valid), .in_Last(in_Last), .in_Data(in_Data), .in_Bytes(in_Bytes),
    .config_KeyLow(config_KeyLow), .config_KeyHigh(config_KeyHigh), .config_Iv(config_Iv), .config_Mode(config_Mode),
    .config_Decrypt(config_Decrypt), .config_KeySize(config_KeySize),
    .aead_AadBytes(aead_AadBytes), .aead_IvBytes(aead_IvBytes), .aead_ExpectedTag(aead_ExpectedTag), .aead_TagBytes(aead_TagBytes),
    .aead_EmptyMessage(aead_EmptyMessage), .control_Enabled(control_Enabled), .control_Flush(control_Flush), .out_ready_Ready(out_ready_Ready),
    .in_ready_Ready(in_ready_Ready), .out_Valid(out_Valid), .out_Last(out_Last), .out_Kind(out_Kind), .out_Data(out_Data),
    .out_Bytes(out_Bytes), .out_LastOfKind(out_LastOfKind), .first_Valid(first_Valid), .first_Last(first_Last),
    .closing_Discard(closing_Discard), .error_Error(error_Error), .error_Code(error_Code),
    .empty_begun_Valid(empty_begun_Valid), .empty_begun_Last(empty_begun_Last));
  reset_first first (clk, rst);
  stream_hold_rules #(.WIDTH(134), .ASSERT(0)) input_held (clk, rst, control_Flush, in_Valid, in_ready_Ready, {in_Data, in_Bytes, in_Last});
  stream_hold_rules #(.WIDTH(138), .ASSERT(1)) output_held (clk, rst, 1'b0, out_Valid, out_ready_Ready,
    {out_Kind, out_Data, out_Bytes, out_LastOfKind, out_Last});
  reg f_past = 1'b0;
  always @(posedge clk) f_past <= 1'b1;
  always @(*)
    if (!rst) begin
      if (in_Valid) assume(in_Bytes >= 1 && in_Bytes <= 16 && (in_Last || in_Bytes == 16));
      assume(aead_IvBytes != 0 && aead_TagBytes >= 12 && aead_TagBytes <= 16);
      if (out_Valid) assert(out_Last == (out_Kind == 2'd3) && out_Bytes >= 1 && out_Bytes <= 16);
      if (error_Error) assert(error_Code == 7);
      if (empty_begun_Valid) assert(!empty_begun_Last && !(in_Valid && in_ready_Ready) && !(out_Valid && out_Last));
    end
  always @(posedge clk)
    if (f_past && ($past(rst) || !$past(control_Enabled) || $past(control_Flush))) assert(!in_ready_Ready);
  always @(posedge clk)
    if (f_past && $past(rst)) assert(!out_Valid);
endmodule

// ---- the collectors between the wrapper's 16-byte blocks and a core's wider words (ChaCha20 and the
// hashes): the word on offer to the core held until taken, across a soft reset too; after a soft
// reset, the message the core has half taken (or whose word is on offer) closed before the next
// packet's first block is taken, with closing high until then (the drain then discards what comes of
// it, and the bank stays disabled); TREADY low in reset and after a flush; words of 1..MAX bytes,
// whole unless last. The collector's own ports are bound by the harnesses below.
module collector_rules #(parameter WIDTH = 8, parameter MAX = 64) (
  input clk, input rst, input in_Valid, input in_Last, input [127:0] in_Data, input [4:0] in_Bytes, input in_ready,
  input control_Enabled, input control_Flush, input out_Valid, input out_Last, input [7:0] out_Bytes, input [WIDTH-1:0] out_payload,
  input out_ready, input closing);
  stream_hold_rules #(.WIDTH(134), .ASSERT(0)) input_held (clk, rst, control_Flush, in_Valid, in_ready, {in_Data, in_Bytes, in_Last});
  stream_hold_rules #(.WIDTH(WIDTH), .ASSERT(1)) output_held (clk, rst, 1'b0, out_Valid, out_ready, out_payload);
  reg f_past = 1'b0;
  always @(posedge clk) f_past <= 1'b1;
  wire word_taken = out_Valid && out_ready;
  wire block_taken = in_Valid && in_ready;
  // f_open: the core has taken words of a message but not its last; f_flushed: a soft reset came and
  // no block of s_axis has been taken since.
  reg f_open = 1'b0, f_flushed = 1'b0;
  always @(posedge clk)
    if (rst) begin
      f_open <= 1'b0;
      f_flushed <= 1'b0;
    end else begin
      if (word_taken) f_open <= !out_Last;
      if (control_Flush) f_flushed <= 1'b1;
      else if (block_taken) f_flushed <= 1'b0;
    end
  always @(*)
    if (!rst) begin
      if (in_Valid) assume(in_Bytes >= 1 && in_Bytes <= 16 && (in_Last || in_Bytes == 16));
      if (control_Flush) assume(!control_Enabled);
      if (out_Valid) assert(out_Bytes >= 1 && out_Bytes <= MAX && (out_Last || out_Bytes == MAX));
      // The next packet's first block waits until the interrupted message is closed,
      if (f_flushed && block_taken) assert(!f_open && !out_Valid);
      // and until then the drain is told to discard.
      if (f_flushed && (f_open || out_Valid)) assert(closing);
    end
  always @(posedge clk)
    if (f_past && ($past(rst) || $past(control_Flush))) assert(!in_ready);
  always @(posedge clk)
    if (f_past && $past(rst)) assert(!out_Valid);
endmodule

// ChaChaAxiWordCollector (ChaCha20 wrappers); its only error is code 4 (counter exhausted).
module check_chacha_collector (
  input clk, input rst, input in_Valid, input in_Last, input [127:0] in_Data, input [4:0] in_Bytes,
  input [127:0] config_KeyLow, input [127:0] config_KeyHigh, input [127:0] config_Iv, input [3:0] config_Mode,
  input config_Decrypt, input [1:0] config_KeySize,
  input control_Enabled, input control_Flush, input core_ready_Ready);
  wire in_ready_Ready, out_Valid, out_Last, closing_Discard, error_Error;
  wire [127:0] out_Data0, out_Data1, out_Data2, out_Data3, out_Key0, out_Key1;
  wire [95:0] out_Nonce;
  wire [31:0] out_Counter;
  wire [6:0] out_ByteCount;
  wire [7:0] error_Code;
  dut_top dut (.clk(clk), .rst(rst), .in_Valid(in_Valid), .in_Last(in_Last), .in_Data(in_Data), .in_Bytes(in_Bytes),
    .config_KeyLow(config_KeyLow), .config_KeyHigh(config_KeyHigh), .config_Iv(config_Iv), .config_Mode(config_Mode),
    .config_Decrypt(config_Decrypt), .config_KeySize(config_KeySize),
    .control_Enabled(control_Enabled), .control_Flush(control_Flush), .core_ready_Ready(core_ready_Ready),
    .in_ready_Ready(in_ready_Ready), .out_Valid(out_Valid), .out_Last(out_Last), .out_Data_0(out_Data0), .out_Data_1(out_Data1),
    .out_Data_2(out_Data2), .out_Data_3(out_Data3), .out_ByteCount(out_ByteCount), .out_Key_0(out_Key0), .out_Key_1(out_Key1),
    .out_Nonce(out_Nonce), .out_Counter(out_Counter), .closing_Discard(closing_Discard), .error_Error(error_Error), .error_Code(error_Code));
  reset_first first (clk, rst);
  collector_rules #(.WIDTH(904), .MAX(64)) rules (clk, rst, in_Valid, in_Last, in_Data, in_Bytes, in_ready_Ready,
    control_Enabled, control_Flush, out_Valid, out_Last, {1'b0, out_ByteCount},
    {out_Data0, out_Data1, out_Data2, out_Data3, out_ByteCount, out_Key0, out_Key1, out_Nonce, out_Counter, out_Last},
    core_ready_Ready, closing_Discard);
  always @(*)
    if (!rst && error_Error) assert(error_Code == 4);
endmodule

// HashAxiChunkCollector<uint> (MD5 and SHA-224/256 wrappers): no errors.
module check_hash_collector (
  input clk, input rst, input in_Valid, input in_Last, input [127:0] in_Data, input [4:0] in_Bytes,
  input control_Enabled, input control_Flush, input core_ready_Ready);
  wire in_ready_Ready, out_Valid, out_Last, closing_Discard, error_Error;
  wire [31:0] out_Data0, out_Data1, out_Data2, out_Data3, out_Data4, out_Data5, out_Data6, out_Data7,
    out_Data8, out_Data9, out_Data10, out_Data11, out_Data12, out_Data13, out_Data14, out_Data15;
  wire [7:0] out_ByteCount, out_MessageId, error_Code;
  dut_top dut (.clk(clk), .rst(rst), .in_Valid(in_Valid), .in_Last(in_Last), .in_Data(in_Data), .in_Bytes(in_Bytes),
    .control_Enabled(control_Enabled), .control_Flush(control_Flush), .core_ready_Ready(core_ready_Ready),
    .in_ready_Ready(in_ready_Ready), .out_Valid(out_Valid), .out_Last(out_Last),
    .out_Data_0(out_Data0), .out_Data_1(out_Data1), .out_Data_2(out_Data2), .out_Data_3(out_Data3), .out_Data_4(out_Data4), .out_Data_5(out_Data5),
    .out_Data_6(out_Data6), .out_Data_7(out_Data7), .out_Data_8(out_Data8), .out_Data_9(out_Data9), .out_Data_10(out_Data10), .out_Data_11(out_Data11),
    .out_Data_12(out_Data12), .out_Data_13(out_Data13), .out_Data_14(out_Data14), .out_Data_15(out_Data15),
    .out_ByteCount(out_ByteCount), .out_MessageId(out_MessageId),
    .closing_Discard(closing_Discard), .error_Error(error_Error), .error_Code(error_Code));
  reset_first first (clk, rst);
  collector_rules #(.WIDTH(529), .MAX(64)) rules (clk, rst, in_Valid, in_Last, in_Data, in_Bytes, in_ready_Ready,
    control_Enabled, control_Flush, out_Valid, out_Last, out_ByteCount,
    {out_Data0, out_Data1, out_Data2, out_Data3, out_Data4, out_Data5, out_Data6, out_Data7,
      out_Data8, out_Data9, out_Data10, out_Data11, out_Data12, out_Data13, out_Data14, out_Data15, out_ByteCount, out_MessageId, out_Last},
    core_ready_Ready, closing_Discard);
  always @(*)
    if (!rst) assert(!error_Error);
endmodule
