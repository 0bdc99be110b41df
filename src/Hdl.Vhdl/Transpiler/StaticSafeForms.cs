namespace Hdl.Vhdl.Transpiler;

/// <summary>
/// Package functions for operations that <c>ghdl --synth</c> (GHDL 2.0) cannot synthesize in their
/// numeric_std form once their operands are static. GHDL's synthesis folds every operator whose
/// operands it can compute at elaboration (literals, generics, loop variables, constants it
/// propagates through variables) with its own evaluator, which lacks numeric_std's
/// <c>rotate_left</c>/<c>rotate_right</c>, <c>/=</c> on vectors and <c>&lt; &lt;= &gt; &gt;=</c> on enumerations, and crashes (netlists-utils.adb)
/// on a shift whose amount is a static <c>to_integer(resize(...))</c>. Whether an operand is static is
/// GHDL's decision, not visible in the C#; so these operations always take the form below, which GHDL
/// folds and synthesizes alike (and which is the same logic: wiring for a constant amount, a
/// barrel shifter for a variable one). <c>/=</c> on vectors is written <c>not (a = b)</c> in place,
/// an ordering of enumeration values compares their <c>'pos</c>; a truncation of a named value, an
/// element or a package function's result is a slice (<see cref="VhdlText"/>).
/// <list type="bullet">
/// <item><c>hdl_rotl(x, n)</c>, <c>hdl_rotr(x, n)</c>: rotate by 0 &lt;= n &lt; x'length, as two shifts (the second by x'length when n = 0, which gives 0).</item>
/// <item><c>hdl_sext(x, w)</c>: x sign-extended to w bits (numeric_std's <c>resize</c> of a signed
/// value), as the sign bit copied above x. GHDL folds numeric_std's sign extension of a negative
/// value it knows into a constant whose bits above its width are ones too, and crashes
/// (netlists-folds.adb:202, netlists-utils.adb:145) once an unsigned operation extends or truncates it
/// (<c>to_integer(unsigned(resize(s, 16)))</c>, <c>(int)(ushort)(sbyte)v</c>).</item>
/// <item><c>hdl_amount(x, bits)</c>: the low <c>bits</c> bits of x as a natural (a shift or rotate
/// amount masked as C# masks it), by a slice.</item>
/// </list>
/// </summary>
internal static class StaticSafeForms
{
    public const string RotateLeft = "hdl_rotl", RotateRight = "hdl_rotr", Amount = "hdl_amount", SignExtend = "hdl_sext";

    public static bool Defines(string name) => name is RotateLeft or RotateRight or Amount or SignExtend;

    /// <summary>Declaration and body of each overload of a support function.</summary>
    public static IEnumerable<(string Declaration, string Body)> Functions(string name) => name switch
    {
        RotateLeft => [Rotate(RotateLeft, "shift_left", "shift_right")],
        RotateRight => [Rotate(RotateRight, "shift_right", "shift_left")],
        Amount => [AmountFunction("unsigned", "x"), AmountFunction("signed", "unsigned(x)")],
        SignExtend => [SignExtendFunction()],
        _ => throw new ArgumentException($"no support function {name}"),
    };

    static (string, string) Rotate(string name, string toward, string back)
    {
        var decl = $"function {name}(x : unsigned; n : natural) return unsigned";
        return (decl, $"""
              {decl} is
              begin
                return {toward}(x, n) or {back}(x, x'length - n);
              end function;

            """);
    }

    static (string, string) SignExtendFunction()
    {
        var decl = $"function {SignExtend}(x : signed; w : positive) return signed";
        return (decl, $"""
              {decl} is
                variable r : signed(w - 1 downto 0);
              begin
                r := (others => x(x'left));
                r(x'length - 1 downto 0) := x;
                return r;
              end function;

            """);
    }

    static (string, string) AmountFunction(string type, string asUnsigned)
    {
        var decl = $"function {Amount}(x : {type}; bits : positive) return natural";
        return (decl, $"""
              {decl} is
                variable v : unsigned(x'length - 1 downto 0);
              begin
                v := {asUnsigned};
                return to_integer(v(bits - 1 downto 0));
              end function;

            """);
    }
}
