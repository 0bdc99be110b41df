using Hdl;

namespace Engine.Tests.Designs;

/// <summary>How much of the pattern 1101 the last bits match.</summary>
public enum PatternState
{
    Idle,
    SawOne,
    SawOneOne,
    SawOneOneZero,
    Matched,
}

public interface IBitStream : IBus
{
    bool Valid { get; set; }
    bool Bit { get; set; }
}

public interface IDetection : IBus
{
    [InitialValue(PatternState.Idle)] PatternState State { get; set; }
    [InitialValue(false)] bool Found { get; set; }
    [InitialValue(0u)] uint Matches { get; set; }
}

/// <summary>
/// A Moore state machine that finds the bit pattern 1101 in a stream of valid bits (overlapping
/// matches count). <see cref="IDetection.Found"/> is high in the cycle after the last bit of a match.
/// </summary>
public sealed class SequenceDetector : ClockedProcess
{
    [InputBus] public IBitStream Input = null!;
    [OutputBus] public IDetection Output = Bus.Create<IDetection>();

    PatternState state = PatternState.Idle;
    uint matches;

    protected override void OnTick()
    {
        if (Input.Valid)
        {
            bool bit = Input.Bit;
            switch (state)
            {
                case PatternState.Idle:
                    state = bit ? PatternState.SawOne : PatternState.Idle;
                    break;
                case PatternState.SawOne:
                    state = bit ? PatternState.SawOneOne : PatternState.Idle;
                    break;
                case PatternState.SawOneOne:
                    state = bit ? PatternState.SawOneOne : PatternState.SawOneOneZero;
                    break;
                case PatternState.SawOneOneZero:
                    state = bit ? PatternState.Matched : PatternState.Idle;
                    break;
                case PatternState.Matched:
                    state = bit ? PatternState.SawOneOne : PatternState.Idle;
                    break;
            }
            if (state == PatternState.Matched)
                matches++;
        }
        Output.State = state;
        Output.Found = state == PatternState.Matched;
        Output.Matches = matches;
    }
}

public static class SequenceDetectorDesign
{
    public static Design Build()
    {
        var d = new Design("sequence_detector");
        var detector = d.Add(new SequenceDetector());
        detector.Input = d.Input(Bus.Create<IBitStream>(), "bits");
        d.Output(detector.Output, "detection");
        return d;
    }

    public static void Drive(Simulation sim, int cycle, int seed)
    {
        var bits = sim.Port<IBitStream>("bits");
        bits.Valid = Stimulus.Chance(seed, cycle, 0, 0.8);
        bits.Bit = Stimulus.Chance(seed, cycle, 1, 0.6);
    }
}
