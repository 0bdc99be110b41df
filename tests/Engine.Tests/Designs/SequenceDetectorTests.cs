using Hdl;
using Xunit;

namespace Engine.Tests.Designs;

public class SequenceDetectorTests
{
    [Fact]
    public void FindsOverlappingMatchesInAKnownStream()
    {
        //                   1 1 0 1 1 0 1 0 1 1 0 1
        bool[] stream = [.. "110110101101".Select(ch => ch == '1')];
        var sim = new Simulation(SequenceDetectorDesign.Build());
        var bits = sim.Port<IBitStream>("bits");
        var detection = sim.Port<IDetection>("detection");
        var found = new List<int>();
        bits.Valid = true;
        for (int i = 0; i <= stream.Length; i++)
        {
            bits.Bit = i < stream.Length && stream[i];
            sim.Settle();
            if (detection.Found) found.Add(i - 1); // index of the bit that completed the match
            sim.Clock();
        }
        Assert.Equal([3, 6, 11], found);
    }

    [Theory]
    [InlineData(61)]
    [InlineData(62)]
    [InlineData(63)]
    public void MatchesAShiftRegisterModel(int seed)
    {
        uint history = 0;   // the last valid bits, newest in bit 0
        int seen = 0;
        uint matches = 0;
        bool found = false;
        Testbench.Run(SequenceDetectorDesign.Build, (sim, c) => SequenceDetectorDesign.Drive(sim, c, seed), (sim, cycle) =>
        {
            var bits = sim.Port<IBitStream>("bits");
            var detection = sim.Port<IDetection>("detection");
            string at = $"seed {seed}, cycle {cycle}";
            Expect.Equal(found, detection.Found, at + ", found");
            Expect.Equal(matches, detection.Matches, at + ", matches");
            Expect.Equal(ModelState(history, seen), detection.State, at + ", state");
            if (bits.Valid)
            {
                history = (history << 1) | (bits.Bit ? 1u : 0u);
                seen++;
                found = seen >= 4 && (history & 0xF) == 0b1101;
                if (found) matches++;
            }
        }, 1000);
        Assert.True(matches > 20, $"seed {seed}: only {matches} matches in the random stream");
    }

    /// <summary>The longest prefix of 1101 that the last bits end with.</summary>
    static PatternState ModelState(uint history, int seen)
    {
        if (seen >= 4 && (history & 0xF) == 0b1101) return PatternState.Matched;
        if (seen >= 3 && (history & 0x7) == 0b110) return PatternState.SawOneOneZero;
        if (seen >= 2 && (history & 0x3) == 0b11) return PatternState.SawOneOne;
        if (seen >= 1 && (history & 0x1) == 0b1) return PatternState.SawOne;
        return PatternState.Idle;
    }

    [Fact, Trait("Category", CoSim.Category)]
    public void CoSimulation() => CoSim.Check(SequenceDetectorDesign.Build, (sim, c) => SequenceDetectorDesign.Drive(sim, c, 4), 400);
}
