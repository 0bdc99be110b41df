using Engine.Tests.Constructs;
using Hdl;
using Hdl.Vhdl;
using Xunit;

namespace Engine.Tests.Quality;

/// <summary>
/// The VHDL reads like an engineer's RTL and stays equal to the C# simulation: each design is
/// co-simulated in GHDL (every output, every cycle, ghdl --synth) and its VHDL text is checked for
/// the form it must take.
/// </summary>
public class QualityTests
{
    const int Cycles = 200;

    static Design Single(string name, Process p, Action<IOperands> connect, IBus result) =>
        Operands.Single(name, p, connect, result);

    /// <summary>The generated file of an entity or of the package (by file name).</summary>
    static string Vhdl(Design d, string file) =>
        VhdlGenerator.Generate(d.Elaborate()).Single(f => f.FileName == file).Content;

    static void Has(string vhdl, string part) => Assert.True(vhdl.Contains(part, StringComparison.Ordinal), $"expected \"{part}\" in:\n{vhdl}");

    static void Lacks(string vhdl, string part) => Assert.False(vhdl.Contains(part, StringComparison.Ordinal), $"did not expect \"{part}\" in:\n{vhdl}");

    [Fact, Trait("Category", CoSim.Category)]
    public void TruncatedArithmeticIsComputedAtTheKeptWidth()
    {
        Design Build()
        {
            var p = new NarrowArithmetic();
            return Single("quality_narrow", p, bus => p.Input = bus, p.Output);
        }
        CoSim.Check(Build, Operands.Drive, Cycles);
        var vhdl = Vhdl(Build(), "NarrowArithmetic.vhd");
        Has(vhdl, "mixed := (a xor b);");
        Has(vhdl, "acc := hdl_add(acc, a);");
        Has(vhdl, "acc := (acc xor unsigned'(x\"5A\"));");
        Has(vhdl, "shift_left(Input_A, 4)"); // * 16
        Has(vhdl, "shift_left(signed(Input_B), 2)"); // * 4 of an int
        Lacks(vhdl, "resize(a, 32)"); // no 32-bit detour for bytes
    }

    /// <summary>
    /// A product of vectors is hdl_mul: in simulation 8-bit limbs multiplied as integers (numeric_std's
    /// * is a bit-serial loop of std_logic gates in GHDL), in synthesis numeric_std's * cut to the width.
    /// </summary>
    [Fact, Trait("Category", CoSim.Category)]
    public void ProductsAreMultipliedByLimbsInSimulationOnly()
    {
        CoSim.Check(Constructs.UnsignedArithmeticCase.Build, Operands.Drive, Cycles);
        var entity = Vhdl(Constructs.UnsignedArithmeticCase.Build(), "UnsignedArithmeticProcess.vhd");
        Has(entity, "Output_Product <= hdl_mul(a, b);");
        Has(entity, "hdl_mul(resize(a, 64), resize(b, 64))"); // (ulong)a * (ulong)b
        Lacks(entity, " * ");
        var package = Vhdl(Constructs.UnsignedArithmeticCase.Build(), "construct_unsigned_arithmetic_pkg.vhd");
        Has(package, "      column := column + la(i) * lb(k - i);\n");
        Has(package, "    -- pragma translate_on\n    return resize(a * b, a'length);\n  end function;");
    }

    /// <summary>
    /// A sum or difference of vectors is hdl_add or hdl_sub: in simulation a carry rippled through
    /// booleans (numeric_std's + and - check, resize and ripple through std_logic gate functions in
    /// GHDL), in synthesis numeric_std's operator itself; signed operands take the signed overload.
    /// ConstructTests' UnsignedArithmeticCoSim and SignedArithmeticAndMixesCoSim replay both designs in GHDL.
    /// </summary>
    [Fact]
    public void SumsAndDifferencesRippleThroughBooleansInSimulationOnly()
    {
        var entity = Vhdl(Constructs.UnsignedArithmeticCase.Build(), "UnsignedArithmeticProcess.vhd");
        Has(entity, "Output_Sum <= hdl_add(a, b);");
        Has(entity, "Output_Difference <= hdl_sub(a, b);");
        Lacks(entity, " + ");
        Lacks(entity, " - ");
        var package = Vhdl(Constructs.UnsignedArithmeticCase.Build(), "construct_unsigned_arithmetic_pkg.vhd");
        Has(package, "function hdl_add(a, b : signed) return signed;");
        Has(package, "        c := (p and q) or (c and (p or q));\n");
        Has(package, "    -- pragma translate_on\n    return a + b;\n  end function;");
        Has(package, "    -- pragma translate_on\n    return a - b;\n  end function;");
        var signed = Vhdl(Constructs.SignedArithmeticCase.Build(), "SignedArithmeticProcess.vhd");
        Has(signed, "hdl_add(");
        Lacks(signed, " + ");
    }

    /// <summary>
    /// A sign extension is hdl_sext (GHDL folds numeric_std's resize of a negative signed value it knows
    /// into a constant its zero extension crashes on), and the truncation of a function's result is a
    /// slice of it (a truncating resize of a folded hdl_div or hdl_rem result crashes ghdl --synth).
    /// </summary>
    [Fact, Trait("Category", CoSim.Category)]
    public void SignExtensionsAndTruncatedResultsTakeFormsGhdlFolds()
    {
        Design Build()
        {
            var p = new ExtensionsAndTruncations();
            return Single("quality_extensions", p, bus => p.Input = bus, p.Output);
        }
        CoSim.Check(Build, Operands.Drive, Cycles);
        var vhdl = Vhdl(Build(), "ExtensionsAndTruncations.vhd");
        Has(vhdl, "zeroExtended := resize(unsigned(hdl_sext(s, 16)), 32);");
        Has(vhdl, "quotient := hdl_div(wide, (resize(Input_B, 64) or unsigned'(x\"0000000000000001\")))(7 downto 0);");
        Has(vhdl, "remainder := hdl_rem(wide, unsigned'(x\"00000000000F4243\"))(7 downto 0);");
        Has(vhdl, "Output_Y <= (unsigned(hdl_sext(s, 32)) xor "); // (uint)(long)s: one sign extension
        Lacks(vhdl, "resize(s,");
        Lacks(vhdl, "resize(hdl_");
    }

    [Fact, Trait("Category", CoSim.Category)]
    public void BitFieldsAreSlices()
    {
        Design Build()
        {
            var p = new BitFields();
            return Single("quality_bit_fields", p, bus => p.Input = bus, p.Output);
        }
        CoSim.Check(Build, Operands.Drive, Cycles);
        var vhdl = Vhdl(Build(), "BitFields.vhd");
        Has(vhdl, "top := Input_A(31 downto 24);");
        Has(vhdl, "middle := wide(39 downto 24);");
        Has(vhdl, "high := wide(63 downto 32);");
        Has(vhdl, "fromSigned := resize(unsigned(shift_right(signed_x, 28)), 8);"); // sign bits: no slice
        Has(vhdl, "shift_left(resize(Input_B(31 downto 24), 32), 8)"); // Top(Input.B) in place
        Has(vhdl, "resize(Input_B(23 downto 16), 32)"); // Byte(Input.B, 1) in place, its row known
        Has(vhdl, "if ((Input_A(i) = '1') and (Input_B(i) = '0')) then"); // bit tests
        Has(vhdl, "rotated := ((unsigned'(Input_A(19 downto 0) & Input_A(31 downto 20)) xor unsigned'(Input_B(6 downto 0) & Input_B(31 downto 7))) xor hdl_rotl(Input_B, hdl_amount(Input_A(4 downto 0), 5)));");
        Has(vhdl, "picked := (Input_A(hdl_amount(Input_B(4 downto 0), 5)) = '1');"); // the amount masked to 5 bits
        Has(vhdl, "QualityMath_Top((Input_A xor Input_B))"); // an expression argument: a call
        Has(Vhdl(Build(), "quality_bit_fields_pkg.vhd"), "function QualityMath_Top(word : hdl_u32) return hdl_u8 is");
    }

    [Fact, Trait("Category", CoSim.Category)]
    public void IntConstantsAndParametersAreIntegers()
    {
        Design Build()
        {
            var d = new Design("quality_integers");
            var first = d.Add(new IntegerConstants(offset: 1, limit: 3) { Name = "first" });
            var second = d.Add(new IntegerConstants(offset: -2, limit: 4) { Name = "second" });
            var input = d.Input(Bus.Create<IOperands>(), Operands.Port);
            first.Input = input;
            second.Input = input;
            d.Output(first.Output, "result");
            d.Output(second.Output, "other");
            return d;
        }
        CoSim.Check(Build, Operands.Drive, Cycles);
        var entity = Vhdl(Build(), "IntegerConstants.vhd");
        Has(entity, "offset : integer;");
        Has(entity, "if ((i >= offset) and (i < limit)) then");
        var top = Vhdl(Build(), "quality_integers.vhd");
        Has(top, "offset => -2,");
        var package = Vhdl(Build(), "quality_integers_pkg.vhd");
        Has(package, "k : integer");
        Has(package, "if (k > 2) then");
    }

    [Fact, Trait("Category", CoSim.Category)]
    public void RegisterFileReadBeforeWrittenIsNotCopied()
    {
        Design Build()
        {
            var p = new ReadThenWrite();
            return Single("quality_read_then_write", p, bus => p.Input = bus, p.Output);
        }
        CoSim.Check(Build, Operands.Drive, Cycles);
        var vhdl = Vhdl(Build(), "ReadThenWrite.vhd");
        Lacks(vhdl, "variable words");
        Lacks(vhdl, "words_reg <= words;");
        Has(vhdl, "Output_Y_reg <= (words_reg(3) xor resize(counts_reg(hdl_address(Input_B(2 downto 0))), 32));");
        // words is read at the constant index 3 too: written element by element (GHDL 2.0 synthesizes the
        // indexed write of such a file as never happening, FixedIndexRegisterFileTests); counts, read only
        // at computed indices, keeps the indexed write GHDL takes for a memory.
        Has(vhdl, "if element = hdl_address(Input_B(1 downto 0)) then words_reg(element) <= Input_A; end if;");
        Has(vhdl, "if element_2 = hdl_address(Input_B(3 downto 2)) then words_reg(element_2) <= Input_B; end if;");
        Has(vhdl, "counts_reg(hdl_address(Input_A(2 downto 0))) <= hdl_add(counts_reg(hdl_address(Input_A(2 downto 0))), unsigned'(x\"03\"));");
    }

    [Fact, Trait("Category", CoSim.Category)]
    public void RegisterFileReadAfterWrittenIsCopied()
    {
        Design Build()
        {
            var p = new WriteThenRead();
            return Single("quality_write_then_read", p, bus => p.Input = bus, p.Output);
        }
        CoSim.Check(Build, Operands.Drive, Cycles);
        var vhdl = Vhdl(Build(), "WriteThenRead.vhd");
        Has(vhdl, "words := words_reg;");
        Has(vhdl, "words_reg <= words;");
    }

    [Fact, Trait("Category", CoSim.Category)]
    public void ScalarRegistersAreAssignedWhereTheTickWritesThem()
    {
        Design Build()
        {
            var p = new ScalarRegisters();
            return Single("quality_scalar_registers", p, bus => p.Input = bus, p.Output);
        }
        CoSim.Check(Build, Operands.Drive, Cycles);
        var vhdl = Vhdl(Build(), "ScalarRegisters.vhd");
        // Read before written: the signal itself.
        Lacks(vhdl, "variable total");
        Has(vhdl, "Output_X_reg <= (total_reg xor held_reg);");
        Has(vhdl, "total_reg <= hdl_add(total_reg, Input_A);");
        Lacks(vhdl, "held_reg <=");
        // Read after a write: a variable, and the signal assigned with it in the branch that writes it.
        Has(vhdl, "last := last_reg;");
        Has(vhdl, "      last := Input_B;\n          last_reg <= last;\n        end if;");
        Has(vhdl, "loops_reg <= loops;\n        end loop;");
        Lacks(vhdl, "last_reg <= last;\n        loops_reg");
    }

    [Fact, Trait("Category", CoSim.Category)]
    public void PackedWordsAreConcatenations()
    {
        Design Build()
        {
            var p = new PackedFields();
            return Single("quality_packed", p, bus => p.Input = bus, p.Output);
        }
        CoSim.Check(Build, Operands.Drive, Cycles);
        var vhdl = Vhdl(Build(), "PackedFields.vhd");
        Has(vhdl, "packed := unsigned'(Input_A & Input_B);");
        Has(vhdl, "Output_X <= (unsigned'(a & b & x\"00\" & c) xor resize(mixed, 32));");
        Has(vhdl, "moved := unsigned'(packed(55 downto 0) & a);");
        Has(vhdl, "Output_Y <= (packed(47 downto 16) xor moved(63 downto 32));");
        Has(vhdl, "mixed := (mixed xor hdl_add(a, hdl_add(shift_left(to_unsigned(i mod 256, 8), 1), to_unsigned(i mod 256, 8))));"); // a negative loop integer's low bits, times 3
    }
}
