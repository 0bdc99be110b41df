using Crypto.Catalog;
using Crypto.Streams;
using Hdl;
using Hdl.Vhdl;
using Xunit;

namespace Cores.Tests;

/// <summary>
/// The registers the VHDL back end leaves without reset (datapath registers, see docs/engine.md) must
/// be ones whose reset value no output ever shows. For every variant: a seeded random stream is cut
/// with blocks in flight, the simulation is reset the way the generated VHDL resets (the registers
/// of <see cref="VhdlGenerator.ResetPlan"/> keep stale values, or take random bits), and every output
/// of a fresh seeded stream after the reset must equal the software oracle's.
/// </summary>
public class MidRunResetTests
{
    public static TheoryData<string> Variants() => [.. CoreRegistry.All.Select(v => v.Name)];

    [Theory]
    [MemberData(nameof(Variants))]
    public void OutputsAfterAMidStreamResetEqualTheOracle(string name)
    {
        var v = CoreRegistry.FindByName(name);
        // Five cuts, early (the pipeline filling) to late (iterative cores mid-block, key loads, messages
        // half done): four resets that scramble the registers without reset, one that leaves them stale
        // (as the hardware does).
        foreach (var (seed, scramble) in new[] { (7001, true), (7002, true), (7003, false), (7004, true), (7005, true) })
        {
            long cut = 5 + new Random(seed).Next(seed % 2 == 0 ? 40 : 150);
            int unreset = 0;
            var what = $"{name}, seed {seed}, reset after {cut} cycles{(scramble ? " scrambling the registers without reset" : "")}";
            ResetRun run;
            try
            {
                run = v.RunAcrossReset(24, new StreamOptions(seed, GapProbability: 0.2, StallProbability: 0.2), cut, sim =>
                {
                    var plan = VhdlGenerator.ResetPlan(sim.Netlist);
                    unreset = plan.UnresetFields.Count + plan.UnresetSignals.Count;
                    sim.Reset(plan, scramble ? new Random(seed) : null);
                });
            }
            catch (HardwareException e)
            {
                throw new Xunit.Sdk.XunitException($"{what}: {e.Message}");
            }
            Assert.True(unreset > 0, $"{what}: the back end resets every register of this core");
            Assert.True(run.Mismatches.Count == 0, $"{what}: outputs after the reset differ from the oracle: {string.Join("; ", run.Mismatches.Take(3))}");
            Assert.True(run.ProtocolErrors.Count == 0, $"{what}: {string.Join("; ", run.ProtocolErrors.Take(3))}");
        }
    }
}
