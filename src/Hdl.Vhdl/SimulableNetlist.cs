using System.Text.RegularExpressions;

namespace Hdl.Vhdl;

/// <summary>
/// Rewrites GHDL's synthesized VHDL netlist (<c>ghdl --synth --out=vhdl</c>) so that GHDL can simulate
/// it (<see cref="CoSimulation.RunSynthesized"/>), changing no logic.
/// </summary>
public static partial class SimulableNetlist
{
    /// <summary>The netlist with its divisions by signals guarded and its one-bit vector ports written as aggregates; it uses <see cref="Division"/>.</summary>
    public static string Of(string vhdl) => OneBitVectorPorts(WithGuardedDivision(vhdl));

    /// <summary>
    /// GHDL writes a division cell of its netlist as numeric_std's <c>/</c>, <c>rem</c> or <c>mod</c>, and a
    /// netlist computes every input of a multiplexer: a division the design guards (<c>b != 0 ? a / b : x</c>)
    /// is then evaluated with a zero divisor, and numeric_std stops the simulation (an index out of bounds
    /// in <c>divmod</c>). Each division by a signal is rewritten as a call of <see cref="Division"/>'s
    /// functions, which give zeros for a zero divisor (a value the netlist never selects; the hardware's
    /// is as arbitrary) and numeric_std's result otherwise.
    /// </summary>
    static string WithGuardedDivision(string vhdl)
    {
        vhdl = DivisionBySignal().Replace(vhdl, m =>
            $"netlist_{(m.Groups[3].Value == "/" ? "div" : m.Groups[3].Value)} ({m.Groups[1].Value} ({m.Groups[2].Value}), {m.Groups[1].Value} ({m.Groups[4].Value}))");
        return NumericStdUse().Replace(vhdl, "$0\nuse work.netlist_division.all;");
    }

    /// <summary>
    /// GHDL 2.0's VHDL writer declares the inner signal of a top-level <c>std_logic_vector(0 downto 0)</c>
    /// port as a <c>std_logic</c> and converts it with <c>std_ulogic_vector(wrap_x)</c>, which does not
    /// analyse: the conversion is written as the one-element aggregate it means.
    /// </summary>
    static string OneBitVectorPorts(string vhdl)
    {
        var scalars = ScalarWrapSignal().Matches(vhdl).Select(m => m.Groups[1].Value).ToHashSet(StringComparer.OrdinalIgnoreCase);
        return VectorOfWrap().Replace(vhdl, m => scalars.Contains(m.Groups[2].Value) ? $"{m.Groups[1].Value} <= (0 => {m.Groups[2].Value});" : m.Value);
    }

    [GeneratedRegex(@"^\s*signal (wrap_\w+): std_logic;", RegexOptions.Multiline)]
    private static partial Regex ScalarWrapSignal();

    [GeneratedRegex(@"(\w+) <= std_ulogic_vector\((wrap_\w+)\);")]
    private static partial Regex VectorOfWrap();

    /// <summary>
    /// The package of the guarded divisions: <c>netlist_div</c>, <c>netlist_rem</c> and <c>netlist_mod</c>
    /// on unsigned and on signed operands, each numeric_std's operator unless the divisor is zero
    /// (then zeros of the width numeric_std gives: the dividend's for a quotient, the divisor's else).
    /// </summary>
    public static readonly VhdlSource Division = new("netlist_division.vhd", DivisionPackage());

    static string DivisionPackage()
    {
        var functions = (from type in new[] { "unsigned", "signed" }
                         from op in new[] { ("div", "/", "a"), ("rem", "rem", "b"), ("mod", "mod", "b") }
                         select (Type: type, Name: op.Item1, Operator: op.Item2, Width: op.Item3)).ToList();
        var sb = new System.Text.StringBuilder();
        sb.Append("-- Division of GHDL's synthesized netlist with a zero divisor (CoSimulation.RunSynthesized): zeros, never selected.\n");
        sb.Append("library ieee;\nuse ieee.numeric_std.all;\n\npackage netlist_division is\n");
        foreach (var f in functions) sb.Append($"  function netlist_{f.Name} (a, b : {f.Type}) return {f.Type};\n");
        sb.Append("end package;\n\npackage body netlist_division is\n");
        foreach (var f in functions)
            sb.Append($"  function netlist_{f.Name} (a, b : {f.Type}) return {f.Type} is\n  begin\n")
              .Append($"    if b = 0 then return to_{f.Type}(0, {f.Width}'length); end if;\n")
              .Append($"    return a {f.Operator} b;\n  end function;\n");
        return sb.Append("end package body;\n").ToString();
    }

    [GeneratedRegex(@"\b(unsigned|signed) \((\w+)\) (/|rem|mod) \1 \((\w+)\)")]
    private static partial Regex DivisionBySignal();

    [GeneratedRegex(@"^use ieee\.numeric_std\.all;", RegexOptions.Multiline)]
    private static partial Regex NumericStdUse();
}
