using Engine.Tests.Constructs;
using Hdl;
using Hdl.Vhdl;
using Hdl.Vhdl.Tools;
using Xunit;

namespace Engine.Tests.Soundness;

/// <summary>
/// A register file read at constant indices and written at a computed one, without reset (its reset
/// value is never observed): the round keys of AesRoundStage in small, read in an unrolled loop.
/// </summary>
public sealed class FixedIndexRegisterFile : ClockedProcess
{
    [InputBus] public IOperands Input = null!;
    [OutputBus] public ISoundResult Output = Bus.Create<ISoundResult>();

    readonly byte[] keys = new byte[4];

    protected override void OnTick()
    {
        uint mixed = 0;
        for (int i = 0; i < 2; i++) mixed = (mixed << 8) | keys[3 * i];
        Output.X = mixed;
        Output.Y = keys[1];
        keys[Input.B & 3] = (byte)Input.A;
    }
}

/// <summary>
/// GHDL 2.0 takes a register file without reset that is written at a computed index for a memory,
/// and when it is also read at a constant index it synthesizes the write as never happening: its
/// Verilog has <c>assign n451_o = 1'b0; // posedge</c>, every element stays at its initial value, and
/// yosys removes the file and everything that depends on it. The VHDL simulates right, so only the
/// netlist was wrong: every AES variant with held round keys (naive, tbox, iterative, proc4, proc11,
/// proc22, bram11 and the modes) was synthesized without its round keys from 2026-11-25 on.
/// </summary>
public class FixedIndexRegisterFileTests
{
    const string Design = "sound_fixed_index_register_file";

    static Design Build()
    {
        var d = new Design(Design);
        var p = d.Add(new FixedIndexRegisterFile());
        p.Input = d.Input(Bus.Create<IOperands>(), Operands.Port);
        d.Output(p.Output, "result");
        return d;
    }

    [Fact, Trait("Category", CoSim.Category)]
    public void IsWrittenElementByElementAndKeepsItsRegistersInSynthesis()
    {
        CoSim.Check(Build, Operands.Drive, 200);
        var vhdl = VhdlGenerator.Generate(Build().Elaborate()).Single(f => f.FileName == "FixedIndexRegisterFile.vhd").Content;
        Assert.Contains("for element in 0 to 3 loop", vhdl);
        Assert.Contains("if element = hdl_address(", vhdl);
        Assert.DoesNotMatch(@"keys_reg\(hdl_address\([^\n]*<= ", vhdl); // no indexed write

        if (!Yosys.IsAvailable) throw new ToolException("yosys is not installed (apt-get install yosys)");
        var work = Directory.CreateTempSubdirectory("engine-tests-fixed-index-").FullName;
        var synth = Synthesis.Run(Build().Elaborate(), work, writeVerilog: true);
        var (json, _) = Yosys.SynthXilinx(work, Path.GetFileName(synth.VerilogPath!), synth.Top);
        var (resources, _) = XilinxNetlist.AnalyseFile(json, synth.Top);
        // Three of the four keys are read (24 bits), the outputs X (16 bits used) and Y (8 bits) are registers.
        Assert.True(resources.Ff >= 24 + 16 + 8, $"{resources.Ff} flip-flops: the register file is not all there (work dir {work})");
        Directory.Delete(work, recursive: true);
    }

    /// <summary>The same file as GHDL's memory form (the indexed write) is what GHDL gets wrong; the netlist check stops it.</summary>
    [Fact, Trait("Category", CoSim.Category)]
    public void GhdlsNetlistOfTheMemoryFormIsRefused()
    {
        var work = Directory.CreateTempSubdirectory("engine-tests-never-clocked-").FullName;
        File.WriteAllText(Path.Combine(work, "memory_form.vhd"), """
            library ieee; use ieee.std_logic_1164.all; use ieee.numeric_std.all;
            entity memory_form is
              port (clk : in std_logic; we : in boolean; wa : in unsigned(1 downto 0); wd : in unsigned(7 downto 0); q : out unsigned(7 downto 0));
            end entity;
            architecture rtl of memory_form is
              type keys_t is array (0 to 3) of unsigned(7 downto 0);
              signal keys_reg : keys_t := (others => x"00");
            begin
              tick : process(clk)
              begin
                if rising_edge(clk) then
                  q <= keys_reg(0) xor keys_reg(3);
                  if we then
                    keys_reg(to_integer(wa)) <= wd;
                  end if;
                end if;
              end process;
            end architecture;
            """);
        Ghdl.Analyse(work, ["memory_form.vhd"]);
        var refused = Assert.Throws<ToolException>(() => Ghdl.SynthesizeVerilog(work, "memory_form"));
        Assert.Contains("made a clock edge of memory_form a constant", refused.Message);
        Directory.Delete(work, recursive: true);
    }

    [Fact]
    public void TheNetlistCheckFindsAConstantEdge()
    {
        Assert.Throws<ToolException>(() => Ghdl.RequireClockedWrites("  wire n451_o;\n  assign n451_o = 1'b0; // posedge\n", "t"));
        const string clocked = "  always @(posedge clk)\n    n6_q <= n5_o;\n";
        Assert.Equal(clocked, Ghdl.RequireClockedWrites(clocked, "t"));
    }
}
