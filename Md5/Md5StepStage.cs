using Crypto.Streams;
using Hdl;

namespace Crypto.Md5;

/// <summary>
/// A pipeline stage of the MD5 compression: steps firstStep .. firstStep+steps-1 in one clock. A
/// pipeline of N stages has 64/N steps per stage; the naive core is one stage of all 64 steps.
/// </summary>
public sealed class Md5StepStage : ClockedProcess
{
    [InputBus] public IMd5Block Input = null!;
    [InputBus] public IReady Advance = null!;
    [OutputBus] public IMd5Block Output = Bus.Create<IMd5Block>();

    readonly int firstStep;
    readonly int steps;

    public Md5StepStage(int firstStep, int steps)
    {
        if (firstStep < 0 || steps < 1 || firstStep + steps > Md5Math.Steps)
            throw new ArgumentOutOfRangeException(nameof(steps), $"MD5 steps {firstStep}..{firstStep + steps - 1} are not within 0..63");
        this.firstStep = firstStep;
        this.steps = steps;
    }

    protected override void OnTick()
    {
        if (Advance.Ready)
        {
            bool valid = Input.Valid;
            Output.Valid = valid;
            if (valid)
            {
                UInt128 state = Input.State;
                // Constant loop bound (the subset's rule); the stage's own steps are the first `steps`.
                for (int i = 0; i < Md5Math.Steps; i++)
                {
                    if (i < steps) state = Md5Math.Step(state, Input.Message[Md5Math.MessageIndex[firstStep + i]], firstStep + i);
                }
                Output.State = state;
                Output.First = Input.First;
                for (int i = 0; i < Output.Message.Length; i++) Output.Message[i] = Input.Message[i];
                Output.Slot = Input.Slot;
                Output.Last = Input.Last;
            }
        }
    }
}
