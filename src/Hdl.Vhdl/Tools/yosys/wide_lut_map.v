// yosys techmap: the 7- and 8-input $lut cells that ABC writes for synth_xilinx, mapped in one step
// to the cells that yosys's own xilinx/lut_map.v makes of them (two LUT6 and a MUXF7; four LUT6, two
// MUXF7 and a MUXF8). lut_map.v goes through nested 6- and 7-input $lut cells, and techmap derives
// a template for each nested table anew, at a cost that grows with the flattened design: on
// aes128-naive that techmap took 323 of yosys's 507 CPU seconds (docs/estimates.md). Narrower
// $lut cells are left to lut_map.v.
module \$lut (A, Y);
  parameter WIDTH = 0;
  parameter LUT = 0;

  (* force_downto *)
  input [WIDTH-1:0] A;
  output Y;

  generate
    if (WIDTH == 7) begin
      wire f0, f1;
      LUT6 #(.INIT(LUT[63:0])) lut0 (.O(f0), .I0(A[0]), .I1(A[1]), .I2(A[2]), .I3(A[3]), .I4(A[4]), .I5(A[5]));
      LUT6 #(.INIT(LUT[127:64])) lut1 (.O(f1), .I0(A[0]), .I1(A[1]), .I2(A[2]), .I3(A[3]), .I4(A[4]), .I5(A[5]));
      MUXF7 mux7 (.I0(f0), .I1(f1), .S(A[6]), .O(Y));
    end else if (WIDTH == 8) begin
      wire f0, f1, f2, f3, g0, g1;
      LUT6 #(.INIT(LUT[63:0])) lut0 (.O(f0), .I0(A[0]), .I1(A[1]), .I2(A[2]), .I3(A[3]), .I4(A[4]), .I5(A[5]));
      LUT6 #(.INIT(LUT[127:64])) lut1 (.O(f1), .I0(A[0]), .I1(A[1]), .I2(A[2]), .I3(A[3]), .I4(A[4]), .I5(A[5]));
      LUT6 #(.INIT(LUT[191:128])) lut2 (.O(f2), .I0(A[0]), .I1(A[1]), .I2(A[2]), .I3(A[3]), .I4(A[4]), .I5(A[5]));
      LUT6 #(.INIT(LUT[255:192])) lut3 (.O(f3), .I0(A[0]), .I1(A[1]), .I2(A[2]), .I3(A[3]), .I4(A[4]), .I5(A[5]));
      MUXF7 mux70 (.I0(f0), .I1(f1), .S(A[6]), .O(g0));
      MUXF7 mux71 (.I0(f2), .I1(f3), .S(A[6]), .O(g1));
      MUXF8 mux8 (.I0(g0), .I1(g1), .S(A[7]), .O(Y));
    end else begin
      wire _TECHMAP_FAIL_ = 1;
    end
  endgenerate
endmodule
