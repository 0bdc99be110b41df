using Hdl;

namespace Engine.Tests.Designs;

public interface IChainLink : IBus
{
    [InitialValue(false)] bool Valid { get; set; }
    [InitialValue(0u)] uint Data { get; set; }
}

/// <summary>
/// One register of a chain: delays its input by one cycle and adds its instance constant
/// <c>salt</c> to valid data (so the output proves every stage was passed, in order).
/// </summary>
public sealed class RegisterStage : ClockedProcess
{
    [InputBus] public IChainLink Input = null!;
    [OutputBus] public IChainLink Output = Bus.Create<IChainLink>();

    readonly uint salt;

    public RegisterStage(uint salt)
    {
        this.salt = salt;
    }

    protected override void OnTick()
    {
        Output.Valid = Input.Valid;
        Output.Data = Input.Valid ? Input.Data + salt : 0u;
    }
}

/// <summary>A shift register of <see cref="Length"/> instances of <see cref="RegisterStage"/>.</summary>
public static class RegisterChainDesign
{
    public const int Length = 6;

    public static uint Salt(int stage) => (uint)(stage + 1) * 0x0101_0001u;

    public static Design Build()
    {
        var d = new Design("register_chain");
        IChainLink link = d.Input(Bus.Create<IChainLink>(), "chain_in");
        for (int i = 0; i < Length; i++)
        {
            var stage = d.Add(new RegisterStage(Salt(i)));
            stage.Input = link;
            link = stage.Output;
        }
        d.Output(link, "chain_out");
        return d;
    }

    public static void Drive(Simulation sim, int cycle, int seed)
    {
        var input = sim.Port<IChainLink>("chain_in");
        input.Valid = Stimulus.Chance(seed, cycle, 0, 0.6);
        input.Data = Stimulus.Word(seed, cycle, 1);
    }
}
