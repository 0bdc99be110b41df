using Crypto.Streams;
using Hdl;

namespace Crypto.Axi;

/// <summary>
/// Between the core's output and the output converter: passes blocks on, except while the drain
/// drops blocks left by a soft reset (then the core's output is taken and hidden).
/// </summary>
public sealed class CoreOutputGate : CombinationalProcess
{
    /// <summary>The core's output blocks (through its adapter).</summary>
    [InputBus] public IAxiBlock Input = null!;
    [InputBus] public IAxiDrain Drain = null!;
    /// <summary>The output converter's ready.</summary>
    [InputBus] public IReady OutputReady = null!;
    /// <summary>To the output converter.</summary>
    [OutputBus] public IAxiBlock Output = Bus.Create<IAxiBlock>();
    /// <summary>The core's output ready (the bus the core reads; assigned when wiring).</summary>
    [OutputBus] public IReady CoreOutputReady = Bus.Create<IReady>();

    protected override void OnTick()
    {
        bool discard = Drain.Discard;
        CoreOutputReady.Ready = discard || OutputReady.Ready;
        bool valid = Input.Valid && !discard;
        Output.Valid = valid;
        if (valid)
        {
            Output.Data = Input.Data;
            Output.Bytes = Input.Bytes;
            Output.Last = Input.Last;
        }
        else
        {
            Output.Data = 0;
            Output.Bytes = 0;
            Output.Last = false;
        }
    }
}
