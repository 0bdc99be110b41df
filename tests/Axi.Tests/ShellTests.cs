using Crypto.Axi;
using Crypto.Catalog;
using Hdl.Vhdl;
using Hdl.Vhdl.Tools;
using Xunit;

namespace Axi.Tests;

/// <summary>
/// The Xilinx-named shell around each wrapper (AxiShell) and vhdl-out/axi-&lt;core&gt;-&lt;variant&gt;/:
/// the shell analyses as VHDL-93 and VHDL-2008, its wiring is checked in GHDL against the generated top
/// with random inputs, and vhdl-out holds exactly what the generator writes today.
/// </summary>
public class ShellTests
{
    public static TheoryData<string> Wrappers() => [.. AxiCatalog.All.Select(a => a.Name)];

    /// <summary>
    /// The shell is the same wiring for every wrapper (one port table), so one wrapper is enough: it
    /// analyses (VHDL-93 and 2008), its wiring is simulated against the generated top, and it synthesizes.
    /// </summary>
    [Fact]
    public void ShellWiringMatchesTheGeneratedTopInGhdlAndSynthesizes()
    {
        var adapter = WrapperSample.OnePerCore[0];
        string name = adapter.Name;
        var netlist = AxiWrapper.Build(adapter).Design.Elaborate();
        var top = VhdlGenerator.TopName(netlist);
        var files = AxiShell.GenerateAll(adapter).Append(AxiShell.WiringTestbench(adapter, top, cycles: 1500)).ToList();
        var dir = Path.Combine(Path.GetTempPath(), "axi-tests", $"shell-{name}-{Environment.ProcessId}");
        if (Directory.Exists(dir)) Directory.Delete(dir, true);
        Directory.CreateDirectory(dir);
        VhdlSource.WriteAll(dir, files);
        var design = files.Where(f => !f.FileName.EndsWith("_tb.vhd", StringComparison.Ordinal)).Select(f => f.FileName).ToList();
        Ghdl.AnalyseVhdl93(dir, design);
        Ghdl.Analyse(dir, files.Select(f => f.FileName));
        string tb = AxiShell.EntityName(adapter) + "_tb";
        Ghdl.Elaborate(dir, tb);
        var run = Ghdl.Simulate(dir, tb, []);
        Assert.True(run.ExitCode == 0 && run.Output.Contains("shell wiring check passed"), Ghdl.Tail(run.Output, 20));
        Assert.DoesNotContain("differs", run.Output);

        // Synthesis, without the X_INTERFACE attribute lines: GHDL 2.0's synthesis stops on attributes of
        // ports ("GHDL Bug occurred", synth-vhdl_decls.adb:224); Vivado reads them, they change no logic.
        var synth = Path.Combine(dir, "synth");
        Directory.CreateDirectory(synth);
        foreach (var f in design)
        {
            var text = File.ReadAllText(Path.Combine(dir, f));
            if (f == AxiShell.EntityName(adapter) + ".vhd")
                text = string.Join("\n", text.Split('\n').Where(l => !l.TrimStart().StartsWith("attribute ", StringComparison.Ordinal)));
            File.WriteAllText(Path.Combine(synth, f), text, new System.Text.UTF8Encoding(false));
        }
        Ghdl.Analyse(synth, design);
        Ghdl.SynthesizeVerilog(synth, AxiShell.EntityName(adapter)); // refuses a netlist with a never-clocked write
        Directory.Delete(dir, true);
    }

    /// <summary>One wrapper per core (<see cref="WrapperSample.OnePerCore"/>; the cores themselves synthesize in Cores.Tests).</summary>
    public static TheoryData<string> OnePerCore() => [.. WrapperSample.OnePerCore.Select(a => a.Name)];

    /// <summary>The wrapper's generated top analyses as VHDL-93 (Vivado's default) and synthesizes with ghdl --synth.</summary>
    [Theory]
    [MemberData(nameof(OnePerCore))]
    public void WrapperSynthesizes(string name)
    {
        var netlist = AxiWrapper.Build(AxiCatalog.FindByName(name)).Design.Elaborate();
        var dir = Path.Combine(Path.GetTempPath(), "axi-tests", $"synth-{name}-{Environment.ProcessId}");
        var result = Synthesis.Run(netlist, dir);
        Assert.Equal(VhdlGenerator.TopName(netlist), result.Top);
        Directory.Delete(dir, true);
    }

    [Theory]
    [MemberData(nameof(Wrappers))]
    public void VhdlOutHoldsTheGeneratedFilesAndTheShell(string name)
    {
        var adapter = AxiCatalog.FindByName(name);
        var root = Crypto.Catalog.CoreRegistry.FindRepositoryRoot(AppContext.BaseDirectory);
        var folder = Path.Combine(root, AxiCatalog.VhdlFolder(adapter));
        Assert.True(Directory.Exists(folder), $"{folder} is missing: run ./sme-crypto verify-axi --all");
        var expected = AxiShell.GenerateAll(adapter);
        var onDisk = Directory.GetFiles(folder, "*.vhd").Select(Path.GetFileName).Order(StringComparer.Ordinal).ToList();
        Assert.Equal(expected.Select(f => f.FileName).Order(StringComparer.Ordinal), onDisk);
        foreach (var f in expected)
            Assert.True(f.Content == File.ReadAllText(Path.Combine(folder, f.FileName)),
                $"{AxiCatalog.VhdlFolder(adapter)}/{f.FileName} differs from the generator's output: run ./sme-crypto verify-axi --core {adapter.Core} --variant {adapter.Variant} --key-bits {adapter.KeyBits} and commit");
        Assert.True(File.Exists(Path.Combine(folder, "verified.json")), $"{folder}/verified.json is missing: run ./sme-crypto verify-axi");
    }
}
