using Crypto.Streams;
using Hdl;
using Xunit;

namespace Engine.Tests.Designs;

public class FifoTests
{
    [Theory]
    [InlineData(1, 0.5, 0.5)]
    [InlineData(2, 0.9, 0.3)]   // mostly full: back-pressure on the input
    [InlineData(3, 0.3, 0.9)]   // mostly empty: bypass path
    [InlineData(4, 1.0, 1.0)]
    [InlineData(5, 0.7, 0.7)]
    public void RandomPushAndPopMatchAQueue(int seed, double offer, double accept)
    {
        var stimulus = new FifoStimulus(seed, offer, accept);
        var model = new Queue<(uint Data, bool Last)>();
        bool heldValid = false;
        (uint, bool) held = default;
        int pushed = 0, popped = 0;
        string Context(int cycle) => $"seed {seed} (offer {offer}, accept {accept}), cycle {cycle}";

        Testbench.Run(FifoDesign.Build, stimulus.Drive, (sim, cycle) =>
        {
            var push = sim.Port<IWordStream>("push");
            var pushReady = sim.Port<IReady>("push_ready");
            var pop = sim.Port<IWordStream>("pop");
            var popReady = sim.Port<IReady>("pop_ready");

            // Valid says it is not empty; Ready (registered, low before the first edge) says the
            // array behind the output register has room.
            int inArray = model.Count - (pop.Valid ? 1 : 0);
            Expect.Equal(cycle > 0 && inArray < Fifo.Depth, pushReady.Ready, Context(cycle) + $", ready with {inArray} words in the array");
            Expect.Equal(model.Count > 0, pop.Valid, Context(cycle) + $", output valid with {model.Count} words stored");
            if (heldValid)
                Expect.Equal(held, (pop.Data, pop.Last), Context(cycle) + ", output held while not taken");

            if (pop.Valid)
            {
                var expected = model.Peek();
                Expect.Equal(expected, (pop.Data, pop.Last), Context(cycle) + $", word {popped}");
                if (popReady.Ready) { model.Dequeue(); popped++; heldValid = false; }
                else { heldValid = true; held = (pop.Data, pop.Last); }
            }
            if (push.Valid && pushReady.Ready)
            {
                model.Enqueue((push.Data, push.Last));
                pushed++;
            }
            Assert.True(model.Count <= Fifo.Capacity, $"{Context(cycle)}: the FIFO accepted more than its capacity {Fifo.Capacity}");
        }, 3000);

        Assert.True(popped > 500, $"seed {seed}: only {popped} words went through");
        Assert.True(pushed - popped == model.Count, $"seed {seed}: {pushed} pushed, {popped} popped, {model.Count} left");
    }

    [Fact]
    public void FillsToCapacityThenHoldsReadyLow()
    {
        var sim = new Simulation(FifoDesign.Build());
        var push = sim.Port<IWordStream>("push");
        var pushReady = sim.Port<IReady>("push_ready");
        var pop = sim.Port<IWordStream>("pop");
        var popReady = sim.Port<IReady>("pop_ready");
        popReady.Ready = false;
        push.Valid = true;
        push.Last = false;
        uint accepted = 0;
        for (int cycle = 0; cycle < 20; cycle++)
        {
            push.Data = 100u + accepted;
            sim.Settle();
            if (pushReady.Ready) accepted++;
            sim.Clock();
        }
        Assert.Equal(Fifo.Capacity, accepted);
        sim.Settle();
        Assert.False(pushReady.Ready);
        Assert.True(pop.Valid);
        Assert.Equal(100u, pop.Data);

        // drain: words leave in order, one per cycle
        push.Valid = false;
        popReady.Ready = true;
        for (uint i = 0; i < Fifo.Capacity; i++)
        {
            sim.Settle();
            Assert.True(pop.Valid, $"word {i} valid");
            Assert.Equal(100u + i, pop.Data);
            sim.Clock();
        }
        sim.Settle();
        Assert.False(pop.Valid);
        Assert.True(pushReady.Ready);
    }

    [Fact]
    public void PassesOneWordPerClockWhenBothSidesAreAlwaysReady()
    {
        var sim = new Simulation(FifoDesign.Build());
        var push = sim.Port<IWordStream>("push");
        var pushReady = sim.Port<IReady>("push_ready");
        var pop = sim.Port<IWordStream>("pop");
        sim.Port<IReady>("pop_ready").Ready = true;
        push.Valid = true;
        push.Last = false;
        int firstOut = -1;
        uint next = 0, expected = 0;
        for (int cycle = 0; cycle < 100; cycle++)
        {
            push.Data = next;
            sim.Settle();
            if (pop.Valid)
            {
                if (firstOut < 0) firstOut = cycle;
                Assert.Equal(expected++, pop.Data);
            }
            else Assert.True(firstOut < 0, $"cycle {cycle}: a bubble after the first output");
            if (pushReady.Ready) next++;
            sim.Clock();
        }
        Assert.Equal(2, firstOut); // Ready rises after the first edge, the word is registered at the next
        Assert.Equal(98u, expected);
    }

    [Theory]
    [InlineData(31, 0.4, 0.4)]
    [InlineData(32, 0.1, 0.6)]
    public void KeepsTheStreamContractUnderTheStreamTestbench(int seed, double gaps, double stalls)
    {
        var sim = new Simulation(FifoDesign.Build());
        var bench = new StreamTestbench<IWordStream, IWordStream>(sim, sim.Port<IWordStream>("push"), sim.Port<IReady>("push_ready"),
            sim.Port<IWordStream>("pop"), sim.Port<IReady>("pop_ready"));
        var items = Enumerable.Range(0, 400).Select(i => ((uint)i * 2654435761u, i % 7 == 6)).ToList();
        var run = bench.Run(items, (bus, item) => { bus.Data = item.Item1; bus.Last = item.Item2; },
            bus => (bus.Data, bus.Last), items.Count, new StreamOptions(seed, gaps, stalls));
        Assert.True(run.ProtocolErrors.Count == 0, $"seed {seed}: " + string.Join("; ", run.ProtocolErrors));
        var mismatches = StreamTestbench<IWordStream, IWordStream>.Compare(items, run.Outputs);
        Assert.True(mismatches.Count == 0, $"seed {seed}: " + string.Join("; ", mismatches.Take(5)));
    }

    [Fact, Trait("Category", CoSim.Category)]
    public void CoSimulation() => CoSim.Check(FifoDesign.Build, new FifoStimulus(9, 0.6, 0.5).Drive, 600);
}
