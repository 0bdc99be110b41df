using System.Numerics;
using Hdl;
using Xunit;

namespace Engine.Tests.Constructs;

/// <summary>
/// One test per construct of the hardware C# subset: the process runs in the simulation and every
/// output is compared, every cycle, with the same expression evaluated here in plain C#. Each design
/// has top-level input and output buses, so the *CoSim twin of each test can replay its trace in GHDL.
/// </summary>
public class ConstructTests
{
    const int Cycles = 300;

    static void Run(Func<Design> build, Action<Simulation, int> drive, Action<Simulation, int, string> check) =>
        Testbench.Run(build, drive, (sim, cycle) => check(sim, cycle, $"cycle {cycle} (seed {Operands.Seed})"), Cycles);

    static (uint A, uint B, string At) Operands2(Simulation sim, string at)
    {
        var o = sim.Port<IOperands>(Operands.Port);
        return (o.A, o.B, $"{at}, A=0x{o.A:X8}, B=0x{o.B:X8}");
    }

    static void CoSimulate(Func<Design> build, Action<Simulation, int> drive) => CoSim.Check(build, drive, Cycles);

    // ---- locals -------------------------------------------------------------------------------

    [Fact]
    public void Locals() => Run(LocalsCase.Build, Operands.Drive, (sim, _, context) =>
    {
        var (a, b, at) = Operands2(sim, context);
        var r = sim.Port<ILocalsResult>("result");
        uint sum = a + b;
        uint mixed = (sum ^ (a >> 3)) + 7u;
        Expect.Equal(sum, r.Sum, at + ", Sum");
        Expect.Equal(mixed, r.Mixed, at + ", Mixed");
        Expect.Equal((ulong)a * b, r.Wide, at + ", Wide");
        Expect.Equal(sum < a, r.Carry, at + ", Carry");
        Expect.Equal((byte)((byte)mixed + 1), r.Low, at + ", Low");
    });

    [Fact, Trait("Category", CoSim.Category)]
    public void LocalsCoSim() => CoSimulate(LocalsCase.Build, Operands.Drive);

    // ---- if / else ----------------------------------------------------------------------------

    [Fact]
    public void IfElse() => Run(IfElseCase.Build, Operands.Drive, (sim, _, context) =>
    {
        var (a, b, at) = Operands2(sim, context);
        var r = sim.Port<IIfElseResult>("result");
        (uint distance, byte kind) = a == b ? (0u, (byte)0)
            : a < b ? (Math.Min(b - a, 1000u), (byte)(b - a > 1000u ? 2 : 1))
            : (a - b, (byte)3);
        Expect.Equal(distance, r.Distance, at + ", Distance");
        Expect.Equal(kind, r.Kind, at + ", Kind");
        Expect.Equal(a >= 0x8000_0000u, r.High, at + ", High");
    });

    [Fact, Trait("Category", CoSim.Category)]
    public void IfElseCoSim() => CoSimulate(IfElseCase.Build, Operands.Drive);

    // ---- switch -------------------------------------------------------------------------------

    [Fact]
    public void SwitchOnInteger()
    {
        var selects = new HashSet<byte>();
        Run(SwitchOnIntegerCase.Build, SwitchOnIntegerCase.Drive, (sim, _, context) =>
        {
            var input = sim.Port<ISelectedOperands>("selected");
            var r = sim.Port<ISwitchResult>("result");
            uint a = input.A, b = input.B;
            byte select = input.Select;
            selects.Add(select);
            string at = $"{context}, A=0x{a:X8}, B=0x{b:X8}, Select={select}";
            (uint value, bool flag) = select switch
            {
                0 => (a + b, false),
                1 => (a - b, true),
                2 => (a & b, false),
                3 => (a | b, a > b),
                4 or 5 => (a ^ b, false),
                _ => (~a, true),
            };
            Expect.Equal(value, r.Value, at + ", Value");
            Expect.Equal(flag, r.Flag, at + ", Flag");
        });
        Assert.Equal(8, selects.Count);
    }

    [Fact, Trait("Category", CoSim.Category)]
    public void SwitchOnIntegerCoSim() => CoSimulate(SwitchOnIntegerCase.Build, SwitchOnIntegerCase.Drive);

    [Fact]
    public void SwitchOnEnum()
    {
        var operations = new HashSet<AluOperation>();
        Run(SwitchOnEnumCase.Build, SwitchOnEnumCase.Drive, (sim, _, context) =>
        {
            var input = sim.Port<IAluRequest>("request");
            var r = sim.Port<IAluResult>("result");
            uint a = input.A, b = input.B;
            var operation = input.Operation;
            operations.Add(operation);
            string at = $"{context}, A=0x{a:X8}, B=0x{b:X8}, {operation}";
            uint value = operation switch
            {
                AluOperation.Add => a + b,
                AluOperation.Subtract => a - b,
                AluOperation.And => a & b,
                AluOperation.Or => a | b,
                AluOperation.Xor => a ^ b,
                AluOperation.ShiftLeft => a << (int)(b & 31),
                AluOperation.RotateRight => uint.RotateRight(a, (int)(b & 31)),
                _ => a,
            };
            Expect.Equal(value, r.Value, at + ", Value");
            Expect.Equal(value == 0, r.Zero, at + ", Zero");
            Expect.Equal(operation, r.Operation, at + ", Operation");
        });
        Assert.Equal(Enum.GetValues<AluOperation>().Length, operations.Count);
    }

    [Fact, Trait("Category", CoSim.Category)]
    public void SwitchOnEnumCoSim() => CoSimulate(SwitchOnEnumCase.Build, SwitchOnEnumCase.Drive);

    // ---- for loops ----------------------------------------------------------------------------

    [Fact]
    public void ForLoops() => Run(ForLoopCase.Build, Operands.Drive, (sim, _, context) =>
    {
        var (a, b, at) = Operands2(sim, context);
        var r = sim.Port<ILoopResult>("result");
        byte reversed = 0;
        for (int i = 0; i < 8; i++) if ((b & (1u << i)) != 0) reversed |= (byte)(0x80 >> i);
        uint weighted = 0;
        for (int i = 2; i < 6; i++) weighted += (uint)i * ((b >> (4 * i)) & 0xF);
        Expect.Equal((uint)BitOperations.PopCount(a), r.Ones, at + ", Ones");
        Expect.Equal(reversed, r.Reversed, at + ", Reversed");
        Expect.Equal((a ^ (a >> 8) ^ (a >> 16) ^ (a >> 24)) & 0xFF, r.Folded, at + ", Folded");
        Expect.Equal(weighted, r.Weighted, at + ", Weighted");
        Expect.Equal(BitOperations.PopCount(b) % 2 == 1, r.Parity, at + ", Parity");
    });

    [Fact, Trait("Category", CoSim.Category)]
    public void ForLoopsCoSim() => CoSimulate(ForLoopCase.Build, Operands.Drive);

    // ---- arithmetic ---------------------------------------------------------------------------

    [Fact]
    public void UnsignedArithmetic() => Run(UnsignedArithmeticCase.Build, Operands.Drive, (sim, _, context) =>
    {
        var (a, b, at) = Operands2(sim, context);
        var r = sim.Port<IUnsignedResult>("result");
        Expect.Equal(unchecked(a + b), r.Sum, at + ", Sum");
        Expect.Equal(unchecked(a - b), r.Difference, at + ", Difference");
        Expect.Equal(unchecked(a * b), r.Product, at + ", Product");
        Expect.Equal((ulong)a * b, r.WideProduct, at + ", WideProduct");
        Expect.Equal((byte)((a + b) & 0xFF), r.ByteSum, at + ", ByteSum");
        Expect.Equal((ushort)((a * b) & 0xFFFF), r.ShortProduct, at + ", ShortProduct");
        Expect.Equal((uint)(-(long)a), r.Negated, at + ", Negated");
        Expect.Equal(unchecked((ulong)a + b + 0xFFFF_FFFF_0000_0000ul), r.WideSum, at + ", WideSum");
    });

    [Fact, Trait("Category", CoSim.Category)]
    public void UnsignedArithmeticCoSim() => CoSimulate(UnsignedArithmeticCase.Build, Operands.Drive);

    [Fact]
    public void SignedArithmeticAndMixes() => Run(SignedArithmeticCase.Build, Operands.Drive, (sim, _, context) =>
    {
        var (a, b, at) = Operands2(sim, context);
        var r = sim.Port<ISignedResult>("result");
        int x = (int)a, y = (int)b;
        Expect.Equal(unchecked(x + y), r.Sum, at + ", Sum");
        Expect.Equal(unchecked(x * y), r.Product, at + ", Product");
        Expect.Equal((long)x + (long)b, r.Mixed, at + ", Mixed (int + uint is long)");
        Expect.Equal(x < y, r.Less, at + ", Less");
        Expect.Equal((long)x < (long)b, r.LessMixed, at + ", LessMixed");
        Expect.Equal((long)(sbyte)(a & 0xFF), r.SignExtended, at + ", SignExtended");
        Expect.Equal((short)(x - y), r.ShortDifference, at + ", ShortDifference");
        Expect.Equal(unchecked(-x), r.Negated, at + ", Negated");
        Expect.Equal(x / 32 - (x < 0 && x % 32 != 0 ? 1 : 0), r.ArithmeticShift, at + ", ArithmeticShift");
        Expect.Equal((b & 0x80) != 0 ? 0xFFFF_FF00u | (b & 0xFF) : b & 0xFF, r.Reinterpreted, at + ", Reinterpreted");
        Expect.Equal((sbyte)(a >> 24), r.NarrowSigned, at + ", NarrowSigned");
        Expect.Equal(x < 0 ? 0xFFFF_FFFF_0000_0000ul | a : a, r.WideUnsigned, at + ", WideUnsigned");
    });

    [Fact, Trait("Category", CoSim.Category)]
    public void SignedArithmeticAndMixesCoSim() => CoSimulate(SignedArithmeticCase.Build, Operands.Drive);

    // ---- operators ----------------------------------------------------------------------------

    [Fact]
    public void BitOperators() => Run(BitOperatorsCase.Build, BitOperatorsCase.Drive, (sim, _, context) =>
    {
        var input = sim.Port<IBitOperands>("bits");
        var r = sim.Port<IBitResult>("result");
        uint a = input.A, b = input.B;
        bool p = input.P, q = input.Q;
        string at = $"{context}, A=0x{a:X8}, B=0x{b:X8}, P={p}, Q={q}";
        Expect.Equal(a & b, r.And, at + ", And");
        Expect.Equal(a | b, r.Or, at + ", Or");
        Expect.Equal(a ^ b, r.Xor, at + ", Xor");
        Expect.Equal(uint.MaxValue - a, r.NotA, at + ", NotA");
        Expect.Equal(a & (uint.MaxValue - b), r.AndNot, at + ", AndNot");
        Expect.Equal(q ? a > b : p, r.Logic, at + ", Logic");
        Expect.Equal(p != q, r.BoolXor, at + ", BoolXor");
        Expect.Equal(p && q, r.BoolAnd, at + ", BoolAnd");
        Expect.Equal(p || q, r.BoolOr, at + ", BoolOr");
        Expect.Equal(!p, r.NotP, at + ", NotP");
        Expect.Equal((byte)(255 - (b & 0xFF)), r.ByteNot, at + ", ByteNot");
        Expect.Equal((((ulong)a << 32) | b) & 0x00FF_FFFF_FFFF_FF00ul, r.WideMask, at + ", WideMask");
    });

    [Fact, Trait("Category", CoSim.Category)]
    public void BitOperatorsCoSim() => CoSimulate(BitOperatorsCase.Build, BitOperatorsCase.Drive);

    [Fact]
    public void Comparisons() => Run(ComparisonCase.Build, Operands.Drive, (sim, _, context) =>
    {
        var (a, b, at) = Operands2(sim, context);
        var r = sim.Port<IComparisonResult>("result");
        int order = a.CompareTo(b), signedOrder = ((int)a).CompareTo((int)b);
        Expect.Equal(order == 0, r.Equal, at + ", Equal");
        Expect.Equal(order != 0, r.NotEqual, at + ", NotEqual");
        Expect.Equal(order < 0, r.Less, at + ", Less");
        Expect.Equal(order <= 0, r.LessOrEqual, at + ", LessOrEqual");
        Expect.Equal(order > 0, r.Greater, at + ", Greater");
        Expect.Equal(order >= 0, r.GreaterOrEqual, at + ", GreaterOrEqual");
        Expect.Equal(signedOrder < 0, r.SignedLess, at + ", SignedLess");
        Expect.Equal(signedOrder >= 0, r.SignedGreaterOrEqual, at + ", SignedGreaterOrEqual");
        Expect.Equal((a & 0xFF) < (b & 0xFF), r.ByteLess, at + ", ByteLess");
        Expect.Equal((ulong)a * 256 > (ulong)b * 16, r.WideGreater, at + ", WideGreater");
    });

    [Fact, Trait("Category", CoSim.Category)]
    public void ComparisonsCoSim() => CoSimulate(ComparisonCase.Build, Operands.Drive);

    // ---- shifts and rotates -------------------------------------------------------------------

    [Fact]
    public void Shifts() => Run(ShiftCase.Build, Operands.Drive, (sim, _, context) =>
    {
        var (a, b, at) = Operands2(sim, context);
        var r = sim.Port<IShiftResult>("result");
        int n = (int)(b & 31), m = (int)(b >> 26);
        ulong joined = ((ulong)b << 32) | a;
        Expect.Equal(a * 8u, r.LeftConstant, at + ", LeftConstant");
        Expect.Equal(a / 128u, r.RightConstant, at + ", RightConstant");
        Expect.Equal((ulong)(a & 0xFF_FFFF) * (1ul << 40), r.WideLeft, at + ", WideLeft");
        Expect.Equal((int)Math.Floor((int)a / 16.0), r.SignedRight, at + ", SignedRight");
        Expect.Equal((uint)(((ulong)a << n) & 0xFFFF_FFFF), r.LeftVariable, at + ", LeftVariable");
        Expect.Equal((uint)((ulong)a >> n), r.RightVariable, at + ", RightVariable");
        Expect.Equal((int)((long)(int)a >> n), r.SignedRightVariable, at + ", SignedRightVariable");
        Expect.Equal(m == 0 ? joined : joined / (1ul << m), r.WideVariable, at + ", WideVariable");
        Expect.Equal((byte)((a & 0x1F) * 8), r.ByteLeft, at + ", ByteLeft");
        Expect.Equal((ushort)((a & 0xFFFF) >> (n & 15)), r.ShortRight, at + ", ShortRight");
    });

    [Fact, Trait("Category", CoSim.Category)]
    public void ShiftsCoSim() => CoSimulate(ShiftCase.Build, Operands.Drive);

    static uint Rol(uint x, int k) { k &= 31; return k == 0 ? x : (x << k) | (x >> (32 - k)); }
    static ulong Rol(ulong x, int k) { k &= 63; return k == 0 ? x : (x << k) | (x >> (64 - k)); }

    [Fact]
    public void Rotates() => Run(RotateCase.Build, Operands.Drive, (sim, _, context) =>
    {
        var (a, b, at) = Operands2(sim, context);
        var r = sim.Port<IRotateResult>("result");
        int n = (int)(b & 31), m = (int)(a >> 26);
        Expect.Equal(Rol(a, 7), r.LeftConstant, at + ", LeftConstant");
        Expect.Equal(Rol(a, 32 - 13), r.RightConstant, at + ", RightConstant");
        Expect.Equal((a << 16) | (a >> 16), r.UintLeft, at + ", UintLeft");
        Expect.Equal(Rol(a, n), r.LeftVariable, at + ", LeftVariable");
        Expect.Equal(Rol(b, 32 - n), r.RightVariable, at + ", RightVariable");
        Expect.Equal(Rol(((ulong)a << 32) | b, 17), r.WideLeft, at + ", WideLeft");
        Expect.Equal(Rol(((ulong)b << 32) | a, 64 - m), r.WideRightVariable, at + ", WideRightVariable");
    });

    [Fact, Trait("Category", CoSim.Category)]
    public void RotatesCoSim() => CoSimulate(RotateCase.Build, Operands.Drive);

    // ---- ternary ------------------------------------------------------------------------------

    [Fact]
    public void Ternary() => Run(TernaryCase.Build, Operands.Drive, (sim, _, context) =>
    {
        var (a, b, at) = Operands2(sim, context);
        var r = sim.Port<ITernaryResult>("result");
        Expect.Equal(Math.Max(a, b), r.Max, at + ", Max");
        Expect.Equal(Math.Min(a, b), r.Min, at + ", Min");
        Expect.Equal(Math.Max((int)a, (int)b), r.SignedMax, at + ", SignedMax");
        Expect.Equal((uint)Math.Abs((long)a - b), r.Distance, at + ", Distance");
        Expect.Equal((a & 1) != 0 ? b > 100 : a > 100, r.Choice, at + ", Choice");
        Expect.Equal((b & 3) switch { 0 => AluOperation.Add, 1 => AluOperation.Xor, _ => AluOperation.Pass }, r.Pick, at + ", Pick");
    });

    [Fact, Trait("Category", CoSim.Category)]
    public void TernaryCoSim() => CoSimulate(TernaryCase.Build, Operands.Drive);

    // ---- UInt128 ------------------------------------------------------------------------------

    [Fact]
    public void UInt128ConstructionAndSlicing()
    {
        int equalCycles = 0;
        Run(WideBlockCase.Build, WideBlockCase.Drive, (sim, _, context) =>
        {
            var input = sim.Port<IBlockInput>("blocks");
            var r = sim.Port<IBlockResult>("result");
            UInt128 block = input.Block;
            ulong high = input.High, low = input.Low;
            ulong blockHigh = (ulong)(block >> 64), blockLow = (ulong)(block & ulong.MaxValue);
            string at = $"{context}, Block=0x{block:X32}, High=0x{high:X16}, Low=0x{low:X16}";
            UInt128 built = ((UInt128)high << 64) + low;
            Expect.Equal(built, r.Built, at + ", Built");
            Expect.Equal((block ^ built) & ~(block << 8), r.Mixed, at + ", Mixed");
            Expect.Equal(blockHigh, r.Upper, at + ", Upper");
            Expect.Equal(blockLow, r.Lower, at + ", Lower");
            Expect.Equal((uint)(blockLow >> 32), r.Word1, at + ", Word1");
            Expect.Equal((byte)(blockHigh >> 56), r.TopByte, at + ", TopByte");
            Expect.Equal(blockHigh == high && blockLow == low, r.Equal, at + ", Equal");
            if (r.Equal) equalCycles++;
            Expect.Equal(UInt128.RotateLeft(block, 8), r.Rotated, at + ", Rotated");
            Expect.Equal(block + built, r.Sum, at + ", Sum");
        });
        Assert.True(equalCycles >= Cycles / 4);
    }

    [Fact, Trait("Category", CoSim.Category)]
    public void UInt128ConstructionAndSlicingCoSim() => CoSimulate(WideBlockCase.Build, WideBlockCase.Drive);

    // ---- tables and helpers -------------------------------------------------------------------

    [Fact]
    public void StaticTableLookUpsFromAnotherClass()
    {
        Assert.Equal(0x428a2f98u, ConstructTables.RoundWords[0]);
        Assert.Equal(16, ConstructTables.NibblePermutation.Distinct().Count());
        Run(TableLookupCase.Build, Operands.Drive, (sim, _, context) =>
        {
            var (a, b, at) = Operands2(sim, context);
            var r = sim.Port<ITableResult>("result");
            Expect.Equal((ushort)((a & 0xFF) * (a & 0xFF)), r.Square, at + ", Square");
            Expect.Equal(ConstructTables.RoundWords[(a >> 8) & 15], r.RoundWord, at + ", RoundWord");
            Expect.Equal((byte)((7 * (b & 15) + 3) % 16), r.Nibble, at + ", Nibble");
            Expect.Equal(ConstructTables.RoundWords[b >> 28] ^ ((b >> 8) & 0xFF) * ((b >> 8) & 0xFF), r.Combined, at + ", Combined");
        });
    }

    [Fact, Trait("Category", CoSim.Category)]
    public void StaticTableLookUpsFromAnotherClassCoSim() => CoSimulate(TableLookupCase.Build, Operands.Drive);

    [Fact]
    public void StaticHelperCallsInAnotherClass() => Run(HelperCallCase.Build, Operands.Drive, (sim, _, context) =>
    {
        var (a, b, at) = Operands2(sim, context);
        var r = sim.Port<IHelperResult>("result");
        uint z = a ^ (b >> 3);
        uint t = a ^ uint.RotateLeft(b, 5);
        Expect.Equal((a & b) | (a & z) | (b & z), r.Majority, at + ", Majority");
        Expect.Equal((byte)Math.Clamp((int)(a >> 22) - 512, 0, 255), r.Saturated, at + ", Saturated");
        Expect.Equal((t & 1) == 0 ? t >> 1 : unchecked(t * 3 + 1), r.Mixed, at + ", Mixed");
        Expect.Equal((ushort)((b & 0xFF) * (b & 0xFF)), r.Square, at + ", Square");
        Expect.Equal(BitOperations.IsPow2(b & 0x1F), r.PowerOfTwo, at + ", PowerOfTwo");
    });

    [Fact, Trait("Category", CoSim.Category)]
    public void StaticHelperCallsInAnotherClassCoSim() => CoSimulate(HelperCallCase.Build, Operands.Drive);

    // ---- state: array fields, constants, widths -----------------------------------------------

    [Fact]
    public void ArrayFieldRegisterFile()
    {
        var model = new uint[RegisterFileProcess.Size];
        uint data = 0, checksum = 0; // the output registers
        Run(RegisterFileCase.Build, RegisterFileCase.Drive, (sim, _, context) =>
        {
            var input = sim.Port<IRegisterFileCommand>("command");
            var r = sim.Port<IRegisterFileData>("result");
            Expect.Equal(data, r.Data, context + ", Data");
            Expect.Equal(checksum, r.Checksum, context + ", Checksum");
            data = model[input.ReadIndex];
            checksum = 0;
            for (int i = 0; i < model.Length; i++) checksum ^= Rol(model[i], i);
            if (input.WriteEnable) model[input.WriteIndex] = input.WriteData;
        });
        Assert.All(model, word => Assert.NotEqual(0u, word));
    }

    [Fact, Trait("Category", CoSim.Category)]
    public void ArrayFieldRegisterFileCoSim() => CoSimulate(RegisterFileCase.Build, RegisterFileCase.Drive);

    [Fact]
    public void BusArrays()
    {
        var slots = new uint[4];
        var lanes = new ushort[3];
        var flags = new bool[2];
        var stored = new HashSet<int>();
        var zeroLane = new HashSet<bool>();
        Run(BusArraysCase.Build, BusArraysCase.Drive, (sim, _, context) =>
        {
            var input = sim.Port<IBusArrayWords>("words");
            var r = sim.Port<IBusArraySlots>("slots");
            for (int i = 0; i < 4; i++) Expect.Equal(slots[i], r.Slots[i], $"{context}, Slots[{i}]");
            for (int i = 0; i < 3; i++) Expect.Equal(lanes[i], r.Lanes[i], $"{context}, Lanes[{i}]");
            for (int i = 0; i < 2; i++) Expect.Equal(flags[i], r.Flags[i], $"{context}, Flags[{i}]");
            var words = new uint[4];
            for (int i = 0; i < 4; i++) words[i] = input.Words[i];
            uint sum = words[0] + words[1] + words[2] + words[3], picked = words[input.Select];
            var inner = new ushort[3];
            for (int i = 0; i < 3; i++) inner[i] = (ushort)((words[i] >> i) & 0xFFF);
            if (input.Store) { slots[input.Select] = picked ^ sum; stored.Add(input.Select); }
            for (int i = 0; i < 3; i++) lanes[i] = (ushort)((inner[2 - i] + 1) & 0xFFF);
            flags[0] = sum > picked;
            flags[1] = inner[0] == 0;
            zeroLane.Add(flags[1]);
        });
        Assert.Equal(4, stored.Count);
        Assert.Equal([false, true], zeroLane.Order());
    }

    [Fact, Trait("Category", CoSim.Category)]
    public void BusArraysCoSim() => CoSimulate(BusArraysCase.Build, BusArraysCase.Drive);

    [Fact]
    public void BusCopies()
    {
        (uint Word, byte Small, ushort Pair0, ushort Pair1, bool Seen) held = default;
        int copies = 0;
        Run(BusCopyCase.Build, BusCopyCase.Drive, (sim, _, context) =>
        {
            var input = sim.Port<IBusCopyIn>("source");
            var r = sim.Port<IBusCopyOut>("held");
            Expect.Equal(held, (r.Word, r.Small, r.Pair[0], r.Pair[1], r.Seen), context);
            if (input.Enable) { held = (input.Word, input.Small, input.Pair[0], input.Pair[1], true); copies++; }
            else held.Seen = false;
        });
        Assert.InRange(copies, 100, 200);
    }

    [Fact, Trait("Category", CoSim.Category)]
    public void BusCopiesCoSim() => CoSimulate(BusCopyCase.Build, BusCopyCase.Drive);

    [Fact]
    public void GenericWords()
    {
        var models = new List<IGenericWordsModel> { new GenericWordsModel<byte>("bytes"), new GenericWordsModel<uint>("words"),
            new GenericWordsModel<uint>("words2"), new GenericWordsModel<ulong>("longs"), new GenericWordsModel<UInt128>("wides") };
        Run(GenericWordsCase.Build, GenericWordsCase.Drive, (sim, _, context) =>
        {
            foreach (var m in models) m.CheckAndStep(sim, context);
        });
        foreach (var m in models) m.AssertCovered();
    }

    [Fact, Trait("Category", CoSim.Category)]
    public void GenericWordsCoSim() => CoSimulate(GenericWordsCase.Build, GenericWordsCase.Drive);

    [Fact]
    public void ReadonlyConstructorConstants() => Run(InstanceConstantsCase.Build, Operands.Drive, (sim, _, context) =>
    {
        var (a, b, at) = Operands2(sim, context);
        for (int i = 0; i < InstanceConstantsCase.Units.Length; i++)
        {
            var (multiplier, offset, shift, invert, combine) = InstanceConstantsCase.Units[i];
            var r = sim.Port<IScaledWord>($"affine{i}");
            uint value = unchecked(a * multiplier + offset) >> shift;
            if (invert) value = ~value;
            uint expected = combine == AluOperation.Xor ? value ^ b : combine == AluOperation.Add ? unchecked(value + b) : value | b;
            Expect.Equal(expected, r.Value, $"{at}, unit {i}, Value");
            Expect.Equal((value & 1) != 0, r.Odd, $"{at}, unit {i}, Odd");
        }
    });

    [Fact, Trait("Category", CoSim.Category)]
    public void ReadonlyConstructorConstantsCoSim() => CoSimulate(InstanceConstantsCase.Build, Operands.Drive);

    [Fact]
    public void LoopBoundsFromInstanceConstants() => Run(LoopSpanCase.Build, Operands.Drive, (sim, _, context) =>
    {
        var (a, b, at) = Operands2(sim, context);
        byte[] weights = [3, 1, 4, 1, 5, 9, 2, 6];
        for (int u = 0; u < LoopSpanCase.Spans.Length; u++)
        {
            var (first, last) = LoopSpanCase.Spans[u];
            uint sum = 0, weighted = 0;
            for (int i = first; i <= last; i++) sum += (a >> (8 * (i % 4))) & 0xFF;
            for (int i = first; i < last; i++) weighted += weights[i] * ((b >> (4 * i)) & 0xF);
            var r = sim.Port<ILoopSpan>($"span{u}");
            Expect.Equal(sum, r.Sum, $"{at}, unit {u}, Sum");
            Expect.Equal(weighted, r.Weighted, $"{at}, unit {u}, Weighted");
        }
    });

    [Fact, Trait("Category", CoSim.Category)]
    public void LoopBoundsFromInstanceConstantsCoSim() => CoSimulate(LoopSpanCase.Build, Operands.Drive);

    [Fact]
    public void WidthSignalsAndFields()
    {
        var design = WidthCase.Build().Elaborate();
        var widths = design.Outputs[0].Signals.ToDictionary(s => s.Name, s => s.Type.Width);
        Assert.Equal(16, widths["Scaled"]);
        Assert.Equal(6, widths["Centered"]);
        Assert.True(design.Outputs[0].Signals.Single(s => s.Name == "Centered").Type.IsSigned);
        Assert.Equal(12, design.Inputs[0].Signals[0].Type.Width);

        uint phase = 0;
        (uint Scaled, ushort Wrapped, sbyte Centered, ulong Packed) registered = (0, 0, 0, 0);
        Run(WidthCase.Build, WidthCase.Drive, (sim, _, context) =>
        {
            var input = sim.Port<IWidthInput>("samples");
            var r = sim.Port<IWidthOutput>("result");
            string at = $"{context}, Sample=0x{input.Sample:X3}, Gain={input.Gain}";
            Expect.Equal(registered.Scaled, r.Scaled, at + ", Scaled");
            Expect.Equal(registered.Wrapped, r.Wrapped, at + ", Wrapped");
            Expect.Equal(registered.Centered, r.Centered, at + ", Centered");
            Expect.Equal(registered.Packed, r.Packed, at + ", Packed");
            Expect.Equal(phase, r.Phase, at + ", Phase");
            uint scaled = (uint)(input.Sample * input.Gain);
            registered = (scaled, (ushort)((input.Sample + 100) % 4096), (sbyte)(input.Sample / 128 - 16),
                ((ulong)input.Sample << 28) + ((ulong)input.Gain << 24) + scaled);
            phase = (phase + 37u * input.Gain) % 1024;
        });
    }

    [Fact, Trait("Category", CoSim.Category)]
    public void WidthSignalsAndFieldsCoSim() => CoSimulate(WidthCase.Build, WidthCase.Drive);

    // ---- compound assignments and ++/-- -------------------------------------------------------

    [Fact]
    public void CompoundAssignments()
    {
        ulong total = 0;
        (uint Local, byte Small, int Signed, ulong Total, ushort Mask) registered = (0, 0, 0, 0, 0);
        Run(CompoundAssignmentCase.Build, Operands.Drive, (sim, _, context) =>
        {
            var (a, b, at) = Operands2(sim, context);
            var r = sim.Port<ICompoundResult>("result");
            Expect.Equal(registered.Local, r.Local, at + ", Local");
            Expect.Equal(registered.Small, r.Small, at + ", Small");
            Expect.Equal(registered.Signed, r.Signed, at + ", Signed");
            Expect.Equal(registered.Total, r.Total, at + ", Total");
            Expect.Equal(registered.Mask, r.Mask, at + ", Mask");
            uint acc = unchecked(((((a + b - 3u) * 5u) & 0x00FF_FFFFu) | 0x100u) ^ b);
            acc = (acc << 2) >> 1;
            byte small = (byte)(((((b & 0xFF) + 200) & 0xFF) * 2 | 1) ^ 0x5A);
            int signed = unchecked(((int)a >> 3) - 100) * -3;
            ushort mask = (ushort)((b & 0xFFFF) >> 3);
            total = unchecked(total + acc) ^ ((ulong)(long)signed << 20);
            registered = (acc, small, signed, total, mask);
        });
    }

    [Fact, Trait("Category", CoSim.Category)]
    public void CompoundAssignmentsCoSim() => CoSimulate(CompoundAssignmentCase.Build, Operands.Drive);

    [Fact]
    public void IncrementAndDecrement()
    {
        uint ticks = 0;
        byte wrapping = 250;
        int down = 0;
        (uint Ticks, byte Wrapping, int Down, uint Local, bool Even) registered = (0, 0, 0, 0, false);
        Run(IncrementCase.Build, Operands.Drive, (sim, _, context) =>
        {
            var (a, b, at) = Operands2(sim, context);
            var r = sim.Port<ICounterSet>("result");
            Expect.Equal(registered.Ticks, r.Ticks, at + ", Ticks");
            Expect.Equal(registered.Wrapping, r.Wrapping, at + ", Wrapping");
            Expect.Equal(registered.Down, r.Down, at + ", Down");
            Expect.Equal(registered.Local, r.Local, at + ", Local");
            Expect.Equal(registered.Even, r.Even, at + ", Even");
            bool odd = (b & 1) != 0;
            ticks += odd ? 0u : 1u;
            wrapping = (byte)((wrapping + 1) % 256);
            down += odd ? 1 : -1;
            registered = (ticks, wrapping, down, unchecked(a + 1), ticks % 2 == 0);
        });
    }

    [Fact, Trait("Category", CoSim.Category)]
    public void IncrementAndDecrementCoSim() => CoSimulate(IncrementCase.Build, Operands.Drive);
}

interface IGenericWordsModel
{
    void CheckAndStep(Simulation sim, string context);
    void AssertCovered();
}

/// <summary>
/// GenericWordStage&lt;W&gt; written out with shifts for the rotates and Int128 for the sign extension (not
/// with the design's helpers): the outputs a cycle shows are those of the previous cycle's inputs.
/// </summary>
sealed class GenericWordsModel<W>(string name) : IGenericWordsModel where W : unmanaged, System.Numerics.IBinaryInteger<W>, System.Numerics.IUnsignedNumber<W>
{
    static readonly int bits = System.Runtime.CompilerServices.Unsafe.SizeOf<W>() * 8;
    static readonly int shift = bits == 64 ? 13 : bits == 32 ? 7 : 3;
    static readonly W[] salts = [.. Enumerable.Range(1, bits == 8 ? 3 : 4).Select(i => W.CreateTruncating((UInt128)(0x9E3779B97F4A7C15UL * (ulong)i)))];
    W total;
    (W Total, W Rotated, W Salted, W Extended, uint Low, bool Above) expected;
    int negatives, valids;

    static W RotateLeft(W x, int n) => (x << n) | (x >> (bits - n));

    public void CheckAndStep(Simulation sim, string context)
    {
        var r = sim.Port<IWordMix<W>>($"{name}_out");
        Expect.Equal(expected, (r.Total, r.Rotated, r.Salted, r.Extended, r.Low, r.Above), $"{context}, {name}");
        var input = sim.Port<IWordPair<W>>($"{name}_in");
        W a = input.Words[0], b = input.Words[1];
        if (input.Valid)
        {
            total += (a ^ RotateLeft(b, bits - shift)) + salts[(int)(UInt128.CreateTruncating(a) & 1)];
            valids++;
        }
        W salted = W.Zero;
        for (int i = 0; i < salts.Length; i++) salted ^= salts[i] >> i;
        long signedLow = (long)(uint)(UInt128.CreateTruncating(b) & 0xFFFFFFFF) - 1000;
        if (signedLow < 0) negatives++;
        expected = (total, RotateLeft(a, 3) ^ ((a & b) ^ (~a & (W.AllBitsSet - W.One))), salted + (a >> shift),
            W.CreateTruncating((UInt128)(Int128)(int)signedLow), (uint)(UInt128.CreateTruncating(a >> 1) & 0xFFFFFFFF), a > b);
    }

    public void AssertCovered()
    {
        Assert.InRange(negatives, 20, 1000);
        Assert.InRange(valids, 50, 1000);
    }
}
