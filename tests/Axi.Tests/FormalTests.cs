using Crypto.Axi.Formal;
using Crypto.Catalog;
using Xunit;

namespace Axi.Tests;

/// <summary>
/// The formal checks of the AXI kit (<see cref="AxiFormal"/>, src/Axi/Formal): the quick ones must
/// pass (every solver run of each), and a serializer that drops TVALID at a soft reset (the mutant
/// <c>closesPacketOnFlush: false</c>, whose flush drops the beat on offer) must fail the m_axis rules
/// with a counterexample trace, so the check can fail, with 64-bit and 32-bit beats; and the same
/// through yosys-smtbmc with z3. Needs ghdl, yosys, yosys-smtbmc and z3.
/// </summary>
public class FormalTests
{
    public static TheoryData<string> QuickChecks() => [.. AxiCatalog.FormalChecks.Where(c => c.Quick).Select(c => c.Component)];

    [Theory]
    [MemberData(nameof(QuickChecks))]
    public void QuickCheckPasses(string component)
    {
        var check = AxiCatalog.FindFormalCheck(component);
        var work = Directory.CreateTempSubdirectory($"formal-{component}-");
        var r = AxiFormal.Run(check, work.FullName);
        Assert.True(r.BmcPassed, $"{component}: bounded check fails at cycle {r.BmcDepth}: {AxiFormal.FailedAssertion(r)} (trace {r.Trace}, work folder {work.FullName})");
        Assert.True(r.BmcDepth >= check.Depth || r.InductionLength is not null, $"{component}: the bounded check reached {r.BmcDepth} of {check.Depth} cycles");
        if (check.InductionExpected) Assert.True(r.InductionLength is not null, $"{component}: induction did not converge within {check.Depth}");
        work.Delete(recursive: true);
    }

    [Theory]
    [InlineData("serializer", 64)]
    [InlineData("serializer32", 32)]
    public void SerializerThatDropsTheBeatOnOfferAtASoftResetFails(string component, int streamBits)
    {
        var check = AxiCatalog.FindFormalCheck(component);
        var work = Directory.CreateTempSubdirectory($"formal-{component}-mutant-");
        var failed = AxiFormal.Run(check, work.FullName, design: AxiFormal.Serializer(closesPacketOnFlush: false, streamBits));
        Assert.False(failed.BmcPassed, $"the serializer that drops TVALID at a flush passed the bounded check to depth {failed.BmcDepth}");
        Assert.True(failed.Trace is not null && File.Exists(failed.Trace), "no counterexample trace was written");
        // Reset, a beat offered and stalled, the flush: the drop shows a few cycles from reset.
        Assert.InRange(failed.BmcDepth, 3, check.Depth);
        work.Delete(recursive: true);
    }

    /// <summary>
    /// The same checks through yosys-smtbmc and z3 (<c>--engine smtbmc</c>): the gate passes and is
    /// proved by induction, and the serializer that drops the beat on offer at a flush fails with a trace.
    /// </summary>
    [Fact]
    public void SmtbmcWithZ3ProvesTheGateAndCatchesTheDroppingSerializer()
    {
        var work = Directory.CreateTempSubdirectory("formal-smtbmc-");
        var gateCheck = AxiCatalog.FindFormalCheck("gate");
        var gate = AxiFormal.Run(gateCheck, Path.Combine(work.FullName, "gate"), engine: FormalEngine.Smtbmc);
        Assert.True(gate.BmcPassed && (gate.BmcDepth == gateCheck.Depth || gate.InductionLength is not null), $"gate through yosys-smtbmc: {AxiFormal.FailedAssertion(gate)} (work folder {work.FullName})");
        Assert.True(gate.InductionLength is not null, $"gate through yosys-smtbmc: induction did not converge within {gateCheck.Depth} (work folder {work.FullName})");
        var check = AxiCatalog.FindFormalCheck("serializer");
        var mutant = AxiFormal.Run(check, Path.Combine(work.FullName, "mutant"), AxiFormal.Serializer(closesPacketOnFlush: false), FormalEngine.Smtbmc);
        Assert.False(mutant.BmcPassed, $"the serializer that drops TVALID at a flush passed yosys-smtbmc to depth {mutant.BmcDepth}");
        Assert.True(mutant.Trace is not null && File.Exists(mutant.Trace), "yosys-smtbmc wrote no counterexample trace");
        Assert.InRange(mutant.BmcDepth, 3, check.Depth);
        work.Delete(recursive: true);
    }
}
