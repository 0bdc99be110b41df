namespace Hdl.Vhdl.Transpiler;

/// <summary>
/// Package functions for operations whose numeric_std form is slow in GHDL's simulation, with a
/// simulation path that computes the same bits quickly and a synthesis path that is the numeric_std
/// operation itself (<c>-- pragma translate_off</c>, which <c>ghdl --synth</c> honours, as in
/// <see cref="TotalArithmetic"/>'s <c>hdl_address</c>): the hardware is that of the plain operator.
/// <list type="bullet">
/// <item><c>hdl_mul(a, b)</c>: the low a'length bits of the product of two unsigned vectors of one width
/// (C#'s wrapping product; a signed product keeps numeric_std's signed <c>*</c>). numeric_std's <c>*</c> is a loop of
/// full-width additions, one per bit of an operand, each a loop of <c>std_logic</c> gate functions
/// over twice the width: a 64-bit product costs GHDL tens of thousands of calls. The simulation path
/// multiplies 8-bit limbs as integers (column sums stay far below 2**31 up to 128-bit operands) and
/// touches each bit a few times.</item>
/// <item><c>hdl_add(a, b)</c> and <c>hdl_sub(a, b)</c>: the wrapping sum and difference of two vectors of one
/// width (unsigned or signed, the same bits). numeric_std's <c>+</c> checks both operands for undefined
/// bits, resizes them and then ripples a carry through <c>std_logic</c> gate functions, about 2 µs
/// for 32 bits in GHDL mcode (2026-12-07); the simulation path ripples it through booleans, about
/// 0.6 µs. Operands of different widths take numeric_std's operator.</item>
/// </list>
/// The simulation paths read a bit that is not '1' as 0; the design's values never hold undefined bits
/// (numeric_std would give an all-'X' result for them).
/// </summary>
internal static class SimulationFastForms
{
    public const string Multiply = "hdl_mul";
    public const string Add = "hdl_add";
    public const string Subtract = "hdl_sub";

    public static bool Defines(string name) => name is Multiply or Add or Subtract;

    /// <summary>Declaration and body of each overload of a support function.</summary>
    public static IEnumerable<(string Declaration, string Body)> Functions(string name) => name switch
    {
        Multiply => [MultiplyFunction()],
        Add => [CarryChain(Add, subtract: false), SignedCarryChain(Add, "+")],
        Subtract => [CarryChain(Subtract, subtract: true), SignedCarryChain(Subtract, "-")],
        _ => throw new ArgumentException($"no support function {name}"),
    };

    /// <summary>The wrapping product of two unsigned vectors of the same width.</summary>
    static (string, string) MultiplyFunction()
    {
        var decl = $"function {Multiply}(a, b : unsigned) return unsigned";
        return (decl, $$"""
              {{decl}} is
                -- pragma translate_off
                type limbs is array (natural range <>) of natural;
                constant n : natural := (a'length + 7) / 8;
                alias x : unsigned(a'length - 1 downto 0) is a;
                alias y : unsigned(b'length - 1 downto 0) is b;
                variable la, lb : limbs(0 to n - 1) := (others => 0);
                variable r : unsigned(a'length - 1 downto 0);
                variable weight, column, limb : natural;
                -- pragma translate_on
              begin
                -- pragma translate_off
                weight := 1;
                for i in 0 to a'length - 1 loop
                  if i mod 8 = 0 then
                    weight := 1;
                  end if;
                  if x(i) = '1' then
                    la(i / 8) := la(i / 8) + weight;
                  end if;
                  if y(i) = '1' then
                    lb(i / 8) := lb(i / 8) + weight;
                  end if;
                  weight := weight * 2;
                end loop;
                column := 0;
                for k in 0 to n - 1 loop
                  for i in 0 to k loop
                    column := column + la(i) * lb(k - i);
                  end loop;
                  limb := column mod 256;
                  column := column / 256;
                  for j in 0 to 7 loop
                    if 8 * k + j < a'length then
                      if limb mod 2 = 1 then
                        r(8 * k + j) := '1';
                      else
                        r(8 * k + j) := '0';
                      end if;
                    end if;
                    limb := limb / 2;
                  end loop;
                end loop;
                return r;
                -- pragma translate_on
                return resize(a * b, a'length);
              end function;

            """);
    }

    /// <summary>
    /// The wrapping sum (or, <paramref name="subtract"/>, difference: a + not b + 1) of two unsigned vectors
    /// of one width, the carry rippled through booleans in simulation.
    /// </summary>
    static (string, string) CarryChain(string name, bool subtract)
    {
        var decl = $"function {name}(a, b : unsigned) return unsigned";
        return (decl, $$"""
              {{decl}} is
                -- pragma translate_off
                alias x : unsigned(a'length - 1 downto 0) is a;
                alias y : unsigned(b'length - 1 downto 0) is b;
                variable r : unsigned(a'length - 1 downto 0);
                variable p, q, c : boolean;
                -- pragma translate_on
              begin
                -- pragma translate_off
                if a'length = b'length then
                  c := {{(subtract ? "true" : "false")}};
                  for i in 0 to a'length - 1 loop
                    p := x(i) = '1';
                    q := y(i) {{(subtract ? "/=" : "=")}} '1';
                    if p xor q xor c then
                      r(i) := '1';
                    else
                      r(i) := '0';
                    end if;
                    c := (p and q) or (c and (p or q));
                  end loop;
                  return r;
                end if;
                -- pragma translate_on
                return a {{(subtract ? "-" : "+")}} b;
              end function;

            """);
    }

    /// <summary>The signed overload: the same bits as the unsigned sum or difference.</summary>
    static (string, string) SignedCarryChain(string name, string op)
    {
        var decl = $"function {name}(a, b : signed) return signed";
        return (decl, $$"""
              {{decl}} is
              begin
                -- pragma translate_off
                if a'length = b'length then
                  return signed({{name}}(unsigned(a), unsigned(b)));
                end if;
                -- pragma translate_on
                return a {{op}} b;
              end function;

            """);
    }
}
