using Hdl;

namespace Crypto.Bench.Aes256Cbc;

/// <summary>
/// The benchmark's free-running host: LoadKey in the first cycle after reset, then DataReady in every
/// cycle, so that a simulator given constant key and data inputs loads the key once and then encrypts
/// a block per clock (each one different: CBC chains them).
/// </summary>
public sealed class Aes256CbcHost : ClockedProcess
{
    [OutputBus] public ICbcControl Control = Bus.Create<ICbcControl>();

    /// <summary>The key load has been asked for.</summary>
    bool loaded;

    protected override void OnTick()
    {
        Control.LoadKey = !loaded;
        Control.DataReady = loaded;
        loaded = true;
    }
}

/// <summary>The designs around <see cref="Aes256CbcCore"/>.</summary>
public static class Aes256CbcDesign
{
    /// <summary>The core alone: control and data are top-level inputs, the result the output.</summary>
    public static (Design Design, ICbcControl Control, ICbcData Input, ICbcResult Output) Core()
    {
        var design = new Design("aes256cbc_oneprocess");
        var control = design.Input(Bus.Create<ICbcControl>(), "control");
        var input = design.Input(Bus.Create<ICbcData>(), "data");
        var core = design.Add(new Aes256CbcCore { Name = "core", Control = control, Input = input });
        design.Output(core.Output, "result");
        return (design, control, input, core.Output);
    }

    /// <summary>
    /// The core with <see cref="Aes256CbcHost"/> asking for a key load and then a block every cycle:
    /// key and data are top-level inputs (held constant by the simulator benchmark).
    /// </summary>
    public static (Design Design, ICbcData Input, ICbcResult Output) FreeRunning()
    {
        var design = new Design("aes256cbc_free_running");
        var input = design.Input(Bus.Create<ICbcData>(), "data");
        var host = design.Add(new Aes256CbcHost { Name = "host" });
        var core = design.Add(new Aes256CbcCore { Name = "core", Control = host.Control, Input = input });
        design.Output(core.Output, "result");
        return (design, input, core.Output);
    }
}
