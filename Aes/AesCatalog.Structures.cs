using Crypto.Streams;
using Hdl;

namespace Crypto.Aes;

/// <summary>The structures the AES variants are built from: the design around a block cipher core (and its mode), the stage layouts, the held-key, iterative, block-RAM and on-the-fly pipelines.</summary>
public static partial class AesCatalog
{
    /// <summary>Builds a block cipher core into <paramref name="design"/> between the given input and output ready; returns its input ready and output.</summary>
    public delegate (IReady InputReady, IAesBlockOut Output) BlockCoreBuilder(Design design, IAesBlockIn input, IReady outputReady);

    /// <summary>A design: the block cipher core, with the mode's processes around it unless the mode is ECB.</summary>
    public static AesCoreDesign BuildCore(string name, bool decrypt, AesMode mode, BlockCoreBuilder build)
    {
        var design = new Design(name);
        var input = design.Input(Bus.Create<IAesBlockIn>(), "in");
        var outputReady = design.Input(Bus.Create<IReady>(), "out_ready");
        if (mode == AesMode.Ecb)
        {
            var (ready, output) = build(design, input, outputReady);
            design.Output(ready, "in_ready");
            design.Output(output, "out");
            return new AesCoreDesign(design, input, ready, output, outputReady);
        }
        var register = new AesModeRegister(mode, decrypt) { Name = "mode_register", Input = input, OutputReady = outputReady };
        var front = design.Add(new AesModeFront(mode, decrypt) { Name = "mode_front", Input = input, State = register.State });
        var (coreReady, coreOutput) = build(design, front.Output, outputReady);
        var back = design.Add(new AesModeBack(mode, decrypt) { Name = "mode_back", Input = coreOutput });
        var inputReady = design.Add(new AesModeInputReady(mode, decrypt) { Name = "mode_ready", State = register.State, CoreReady = coreReady });
        register.CoreInput = front.Output;
        register.CoreReady = coreReady;
        register.CoreOutput = coreOutput;
        design.Add(register);
        design.Output(inputReady.InputReady, "in_ready");
        design.Output(back.Output, "out");
        return new AesCoreDesign(design, input, inputReady.InputReady, back.Output, outputReady);
    }

    /// <summary>What a held-key pipeline stage does: steps first..last, which part of a round.</summary>
    public readonly record struct StageSteps(int First, int Last, AesRoundPart Part);

    static StageSteps[] OneStage(int lastStep) => [new(0, lastStep, AesRoundPart.WholeRound)];
    /// <summary>Steps 0..lastStep in four stages, the first ones one step longer where they do not divide evenly (4, 4, 4, 3 steps for all key sizes; 3, 3, 3, 2 for AES-128).</summary>
    static StageSteps[] FourStages(int lastStep)
    {
        int steps = lastStep + 1;
        var stages = new StageSteps[4];
        for (int i = 0, first = 0; i < stages.Length; i++)
        {
            int size = steps / stages.Length + (i < steps % stages.Length ? 1 : 0);
            stages[i] = new StageSteps(first, first + size - 1, AesRoundPart.WholeRound);
            first += size;
        }
        return stages;
    }
    static StageSteps[] StagePerRound(int lastStep) => [.. Enumerable.Range(0, lastStep + 1).Select(r => new StageSteps(r, r, AesRoundPart.WholeRound))];
    static StageSteps[] TwoStagesPerRound(int lastStep) =>
    [
        new(0, 0, AesRoundPart.WholeRound),
        .. Enumerable.Range(1, lastStep).SelectMany(r => new[]
            { new StageSteps(r, r, AesRoundPart.SubShiftHalf), new StageSteps(r, r, AesRoundPart.MixAddHalf) }),
    ];

    /// <summary>
    /// The key handling of a held-key core: the input register, the key gate, the key scheduler and
    /// the driver of its round keys (<c>KeyLoad</c>, for the stages); the caller sets the gate's
    /// <c>DatapathReady</c> and the scheduler's <c>Output</c>, and adds the scheduler and the gate to
    /// the design.
    /// </summary>
    static (AesKeyScheduler Scheduler, AesKeyGate Gate, IAesKeyLoad KeyLoad) AddKeyHandling(Design design, IAesBlockIn input, IReady outputReady, AesBuild build,
        AesKeyScheduler.Numbering numbering)
    {
        var scheduler = new AesKeyScheduler(build, numbering) { Name = "key_scheduler", OutputReady = outputReady };
        scheduler.WindowHigh = scheduler.Window;
        var driver = design.Add(new AesKeyLoadDriver { Name = "key_load", Target = scheduler.KeyTarget, Window = scheduler.Window });
        var register = design.Add(new AesInputRegister(build.KeySizeSetting) { Name = "input_register", Input = input, Status = scheduler.Status });
        var gate = new AesKeyGate(build.KeySizeSetting) { Name = "key_gate", Input = register.Output, Status = scheduler.Status };
        register.Ready = gate.RegisterReady;
        register.Held = register.Key;
        scheduler.Waiting = register.Output;
        scheduler.WaitingKey = register.Key;
        scheduler.RegisterReady = gate.RegisterReady;
        return (scheduler, gate, driver.KeyLoad);
    }

    /// <summary>A held-key pipeline: key scheduler and gate, then one <see cref="AesRoundStage"/> per entry of <paramref name="stages"/>.</summary>
    public static BlockCoreBuilder BuildHeldPipeline(AesBuild build, IReadOnlyList<StageSteps> stages) => (design, input, outputReady) =>
    {
        var control = new PipelineControl { Name = "control", OutputReady = outputReady };
        var (scheduler, gate, keyLoad) = AddKeyHandling(design, input, outputReady, build, AesKeyScheduler.Numbering.Stage);
        gate.DatapathReady = control.Advance;
        IAesBlockOut state = gate.Output;
        for (int i = 0; i < stages.Count; i++)
        {
            var s = stages[i];
            string stageName = stages.Count == 1 ? "rounds" :
                s.Part == AesRoundPart.SubShiftHalf ? $"round{s.First}_subshift" :
                s.Part == AesRoundPart.MixAddHalf ? $"round{s.First}_mixadd" :
                s.First == s.Last ? (s.First == 0 ? "initial" : $"round{s.First}") : $"rounds{s.First}_{s.Last}";
            var stage = design.Add(new AesRoundStage(s.First, s.Last, s.Part, build.Decrypt, build.KeySizeSetting)
            {
                Name = stageName, Input = state, KeyLoad = keyLoad, Advance = control.Advance,
            });
            state = stage.Output;
        }
        return CloseHeldPipeline(design, scheduler, gate, control, state);
    };

    static (IReady, IAesBlockOut) BuildIterative(Design design, IAesBlockIn input, IReady outputReady, AesBuild build)
    {
        var (scheduler, gate, keyLoad) = AddKeyHandling(design, input, outputReady, build, AesKeyScheduler.Numbering.Step);
        var core = design.Add(new AesIterativeCore(build.Decrypt, build.KeySizeSetting) { Name = "core", Input = gate.Output, KeyLoad = keyLoad, OutputReady = outputReady });
        gate.DatapathReady = core.InputReady;
        scheduler.Output = core.Output;
        design.Add(scheduler);
        design.Add(gate);
        return (gate.RegisterReady, core.Output);
    }

    /// <summary>
    /// The block-RAM pipeline: an initial AddRoundKey stage, then per round the table addresses, 16
    /// ROMs, the carry register and the combinational combine (see <see cref="AesTableAddresses"/>).
    /// </summary>
    static (IReady, IAesBlockOut) BuildBramPipeline(Design design, IAesBlockIn input, IReady outputReady, AesBuild build)
    {
        bool decrypt = build.Decrypt;
        var control = new PipelineControl { Name = "control", OutputReady = outputReady };
        var (scheduler, gate, keyLoad) = AddKeyHandling(design, input, outputReady, build, AesKeyScheduler.Numbering.Stage);
        gate.DatapathReady = control.Advance;
        var initial = design.Add(new AesRoundStage(0, 0, AesRoundPart.WholeRound, decrypt, build.KeySizeSetting)
        {
            Name = "initial", Input = gate.Output, KeyLoad = keyLoad, Advance = control.Advance,
        });
        IAesBlockOut state = initial.Output;
        var contents = decrypt ? AesMath.Td0 : AesMath.T0;
        for (int round = 1; round <= build.LastStep; round++)
        {
            var addresses = design.Add(new AesTableAddresses(decrypt) { Name = $"round{round}_addresses", State = state, Advance = control.Advance });
            var carry = design.Add(new AesTableCarryStage(round, build.KeySizeSetting) { Name = $"round{round}_carry", Input = state, KeyLoad = keyLoad, Advance = control.Advance });
            var reads = new[] { addresses.Read0, addresses.Read1, addresses.Read2, addresses.Read3, addresses.Read4, addresses.Read5, addresses.Read6, addresses.Read7,
                addresses.Read8, addresses.Read9, addresses.Read10, addresses.Read11, addresses.Read12, addresses.Read13, addresses.Read14, addresses.Read15 };
            var tables = reads.Select((read, i) => design.Add(new Rom<uint>(contents, MemoryStyle.Block) { Name = $"round{round}_table{i}", Read = read })).ToArray();
            var combine = design.Add(new AesTableRoundCombine(round, decrypt, build.KeySizeSetting)
            {
                Name = $"round{round}_combine", Carry = carry.Output, RoundKey = carry.RoundKey,
                Lookup0 = tables[0].Result, Lookup1 = tables[1].Result, Lookup2 = tables[2].Result, Lookup3 = tables[3].Result,
                Lookup4 = tables[4].Result, Lookup5 = tables[5].Result, Lookup6 = tables[6].Result, Lookup7 = tables[7].Result,
                Lookup8 = tables[8].Result, Lookup9 = tables[9].Result, Lookup10 = tables[10].Result, Lookup11 = tables[11].Result,
                Lookup12 = tables[12].Result, Lookup13 = tables[13].Result, Lookup14 = tables[14].Result, Lookup15 = tables[15].Result,
            });
            state = combine.Output;
        }
        return CloseHeldPipeline(design, scheduler, gate, control, state);
    }

    /// <summary>
    /// The end of a held-key pipeline: its last stage's output is the pipeline control's and the key
    /// scheduler's view of the output; the scheduler, the gate and the control go into the design.
    /// </summary>
    static (IReady, IAesBlockOut) CloseHeldPipeline(Design design, AesKeyScheduler scheduler, AesKeyGate gate, PipelineControl control, IAesBlockOut state)
    {
        control.Output = state;
        scheduler.Output = state;
        design.Add(scheduler);
        design.Add(gate);
        design.Add(control);
        return (gate.RegisterReady, state);
    }

    /// <summary>
    /// An on-the-fly pipeline. Encryption: the initial stage and rounds 1..Nr of the build (14 when it
    /// takes every key size). Decryption: the initial stage, Nr forward key stages, then steps 0..Nr of
    /// the equivalent inverse cipher.
    /// </summary>
    static (IReady, IAesBlockOut) BuildKeyedPipeline(Design design, IAesBlockIn input, IReady outputReady, AesBuild build)
    {
        bool decrypt = build.Decrypt;
        var control = new PipelineControl { Name = "control", OutputReady = outputReady };
        var initial = design.Add(new AesKeyedInitialStage(decrypt, build.KeySizeSetting) { Name = "initial", Input = input, Advance = control.Advance });
        IAesBlockOut state = initial.Output;
        IAesKeyWindow window = initial.OutputKey;
        var stages = decrypt
            ? [.. Enumerable.Range(1, build.LastStep).Select(r => (r, AesKeyedStageKind.KeyForward, $"key{r}")),
               .. Enumerable.Range(0, build.LastStep + 1).Select(r => (r, AesKeyedStageKind.DecryptStep, r == 0 ? "step0" : $"round{r}"))]
            : Enumerable.Range(1, build.LastStep).Select(r => (r, AesKeyedStageKind.EncryptRound, $"round{r}")).ToList();
        for (int i = 0; i < stages.Count; i++)
        {
            var (round, kind, stageName) = stages[i];
            var stage = design.Add(new AesKeyedRoundStage(round, kind, isLastStage: i == stages.Count - 1, build.KeySizeSetting)
            {
                Name = stageName, Input = state, InputKey = window, Advance = control.Advance,
            });
            state = stage.Output;
            window = stage.OutputKey;
        }
        control.Output = state;
        design.Add(control);
        return (control.Advance, state);
    }
}
