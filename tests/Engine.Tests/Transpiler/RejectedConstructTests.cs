using System.Text.RegularExpressions;
using Hdl;
using Hdl.Vhdl;
using Hdl.Vhdl.Transpiler;
using Xunit;

namespace Engine.Tests.Transpiler;

/// <summary>
/// Every construct outside the hardware C# subset stops generation with an error at
/// file:line:column that says what to write instead (and nothing is written).
/// </summary>
public class RejectedConstructTests
{
    static Design DesignOf(RejectProcess p)
    {
        var d = new Design("rejected");
        d.Add(p);
        p.Input = d.Input(Bus.Create<IRejectIn>(), "source");
        d.Output(p.Output, "result");
        return d;
    }

    public static TheoryData<string, string> Cases() => new()
    {
        { nameof(ReturnInOnTick), "return is not allowed in OnTick" },
        { nameof(WhileLoop), "only for loops with constant bounds" },
        { nameof(ForeachLoop), "only for loops with constant bounds" },
        { nameof(InstanceMethodCall), "make it static and pass what it needs as parameters" },
        { nameof(NonBusProperty), "property IsClocked is not in the hardware subset" },
        { nameof(LibraryCall), "is not in the hardware sources" },
        { nameof(LocalArray), "local arrays are not in the hardware subset; use an array field" },
        { nameof(Lambda), "lambdas and delegates are not in the hardware subset" },
        { nameof(TryCatch), "exceptions are not in the hardware subset" },
        { nameof(ReadsItsOutput), "a process reads only its [InputBus] fields" },
        { nameof(WholeBusArray), "a bus array is no value in hardware: read and write its elements" },
        { nameof(CopiesIntoItsInput), "Input is an [InputBus]: a process writes only its [OutputBus] fields" },
        { nameof(WritesItsInputArray), "Input is an [InputBus]: a process writes only its [OutputBus] fields" },
        { nameof(WritesItsInput), "a process writes only its [OutputBus] fields" },
        { nameof(WritesReadonlyField), "a call as a statement does nothing in hardware" },
        { nameof(VariableLoopBound), "for loops must read: for (int i = A; i < B; i++) with A and B constants, int instance constants (generics) or the Length of an array or bus array" },
        { nameof(SwitchExpression), "patterns and switch expressions are not in the hardware subset" },
        { nameof(FloatingPoint), "is not a hardware type" },
        { nameof(HelperAssignsParameter), "parameter x is assigned" },
        { nameof(RefParameter), "ref/out/in parameters are not in the hardware subset" },
        { nameof(ObjectCreation), "object creation is not in the hardware subset" },
        { nameof(StringUse), "strings are not in the hardware subset" },
        { nameof(BitOperationsPopCount), "is not in the hardware sources" },
        { nameof(CreateSaturating), "is not in the hardware sources" },
        { nameof(IntegerToEnumCast), "a VHDL enumeration cannot hold" },
        { nameof(EnumIncrement), "++ on an enum is not in the hardware subset" },
        { nameof(DirectRecursion), "recursion (RecursiveHelpers.Factorial -> RecursiveHelpers.Factorial) is not in the hardware subset" },
        { nameof(MutualRecursion), "recursion (RecursiveHelpers.Even -> RecursiveHelpers.Odd -> RecursiveHelpers.Even) is not in the hardware subset" },
    };

    [Theory]
    [MemberData(nameof(Cases))]
    public void TheTranspilerRefusesWithFileLineColumnAndAdvice(string process, string advice)
    {
        var p = (RejectProcess)Activator.CreateInstance(typeof(RejectProcess).Assembly.GetType($"Engine.Tests.Transpiler.{process}")!)!;
        var design = DesignOf(p);
        var dir = Path.Combine(Path.GetTempPath(), $"rejected-{process}-{Environment.ProcessId}");
        if (Directory.Exists(dir)) Directory.Delete(dir, true);
        var e = Assert.Throws<TranspileException>(() => VhdlGenerator.WriteTo(design.Elaborate(), dir));
        Assert.Matches(new Regex(@"^Engine\.Tests/Transpiler/RejectedConstructs\.cs:\d+:\d+: "), e.Message);
        Assert.True(e.Message.Contains(advice), e.Message);
        Assert.False(Directory.Exists(dir), "nothing may be written when translation fails");
    }

    [Fact]
    public void TheErrorPointsAtTheOffendingLine()
    {
        var e = Assert.Throws<TranspileException>(() => VhdlGenerator.Generate(DesignOf(new WhileLoop()).Elaborate()));
        var source = File.ReadAllLines(Path.Combine(AppContext.BaseDirectory, "..", "..", "..", "Transpiler", "RejectedConstructs.cs"));
        var m = Regex.Match(e.Message, @":(\d+):(\d+): ");
        int line = int.Parse(m.Groups[1].Value), column = int.Parse(m.Groups[2].Value);
        Assert.StartsWith("while", source[line - 1][(column - 1)..]);
    }
}
