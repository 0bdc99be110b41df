namespace Hdl.Vhdl.Transpiler;

/// <summary>
/// The package functions that make every operation total: no operand value, not even one C# never
/// computes (a branch not taken, a value of reset time, an input held at 0 during reset), can stop
/// the simulator, and every one synthesizes (signed division goes through unsigned magnitudes,
/// and a remainder is a - (a / b) * b: <c>ghdl --synth</c> has neither a signed <c>rem</c> nor, for
/// constant operands, an unsigned one).
/// <list type="bullet">
/// <item><c>hdl_div(a, b)</c>: C#'s truncating division; b = 0 (C# throws) gives all ones (-1 signed).</item>
/// <item><c>hdl_rem(a, b)</c>: C#'s remainder (sign of the dividend); b = 0 (C# throws) gives a.</item>
/// <item><c>hdl_index(i, n)</c>: i for 0 &lt;= i &lt; n, else 0 (C# throws on such an index).</item>
/// <item><c>hdl_address(a)</c>: the natural an unsigned address stands for. numeric_std's to_integer first
/// copies the vector to look for undefined bits, which ours never hold; in simulation a plain loop makes
/// table and register-file reads several times cheaper in GHDL. Synthesis skips the loop
/// (<c>-- pragma translate_off</c>, which <c>ghdl --synth</c> honours) and takes to_integer, which is wiring:
/// the loop would synthesize to a chain of adders.</item>
/// </list>
/// The signed minimum divided by -1 (C# throws) wraps to the minimum, its remainder is 0.
/// </summary>
internal static class TotalArithmetic
{
    public const string Div = "hdl_div", Rem = "hdl_rem", Index = "hdl_index", Address = "hdl_address";

    /// <summary>Declaration and body of each overload of a support function.</summary>
    public static IEnumerable<(string Declaration, string Body)> Functions(string name) => name switch
    {
        Div => [Unsigned(Div, "a / b", "(others => '1')"), Signed(Div, quotient: true)],
        Rem => [Unsigned(Rem, "a - resize((a / b) * b, a'length)", "a"), Signed(Rem, quotient: false)],
        Index => [IndexFunction()],
        Address => [AddressFunction()],
        _ => throw new ArgumentException($"no support function {name}"),
    };

    static (string, string) AddressFunction()
    {
        var decl = $"function {Address}(a : unsigned) return natural";
        return (decl, $$"""
              {{decl}} is
                alias x : unsigned(a'length - 1 downto 0) is a;
                variable r : natural := 0;
              begin
                -- pragma translate_off
                for i in x'range loop
                  r := r * 2;
                  if x(i) = '1' then
                    r := r + 1;
                  end if;
                end loop;
                return r;
                -- pragma translate_on
                return to_integer(a);
              end function;

            """);
    }

    static (string, string) Unsigned(string name, string op, string byZero)
    {
        var decl = $"function {name}(a, b : unsigned) return unsigned";
        return (decl, $"""
              {decl} is
                variable r : unsigned(a'length - 1 downto 0);
              begin
                if b = 0 then
                  r := {byZero};
                else
                  r := {op};
                end if;
                return r;
              end function;

            """);
    }

    static (string, string) Signed(string name, bool quotient)
    {
        var decl = $"function {name}(a, b : signed) return signed";
        var (byZero, op, negate) = quotient
            ? ("(others => '1')", "ma / mb", "a(a'left) /= b(b'left)")
            : ("unsigned(a)", "ma - resize((ma / mb) * mb, ma'length)", "a(a'left) = '1'");
        return (decl, $"""
              {decl} is
                variable ma, r : unsigned(a'length - 1 downto 0);
                variable mb : unsigned(b'length - 1 downto 0);
              begin
                ma := unsigned(a);
                mb := unsigned(b);
                if a(a'left) = '1' then
                  ma := (not ma) + 1;
                end if;
                if b(b'left) = '1' then
                  mb := (not mb) + 1;
                end if;
                if mb = 0 then
                  r := {byZero};
                else
                  r := {op};
                  if {negate} then
                    r := (not r) + 1;
                  end if;
                end if;
                return signed(r);
              end function;

            """);
    }

    static (string, string) IndexFunction()
    {
        var decl = $"function {Index}(i : integer; n : positive) return natural";
        return (decl, $"""
              {decl} is
              begin
                if i >= 0 and i < n then
                  return i;
                end if;
                return 0;
              end function;

            """);
    }
}
