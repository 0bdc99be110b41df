using System.Security.Cryptography;
using System.Text;
using Xunit;

namespace Crypto.Cli.Tests;

/// <summary>verify-axi and axi-serve: usage errors, and the device protocol the host program uses.</summary>
public class AxiCommandTests
{
    static void AssertUsageError(CliResult r, string expectedInMessage)
    {
        Assert.Equal(ExitCodes.Usage, r.ExitCode);
        Assert.Empty(r.Stdout);
        var line = Assert.Single(r.StderrLines);
        Assert.StartsWith("sme-crypto: ", line);
        Assert.Contains(expectedInMessage, line);
    }

    [Fact]
    public void VerifyAxiNeedsCoreAndVariantOrAll()
    {
        AssertUsageError(CliRunner.Run(["verify-axi", "--core", "aes"]), "give --core and --variant");
        AssertUsageError(CliRunner.Run(["verify-axi", "--all", "--core", "aes"]), "not both");
    }

    [Fact]
    public void VerifyAxiOfAnUnknownWrapperNamesTheKnownOnes()
    {
        AssertUsageError(CliRunner.Run(["verify-axi", "--core", "des", "--variant", "x"]), "wrapped cores: aes");
        AssertUsageError(CliRunner.Run(["verify-axi", "--core", "aes", "--variant", "proc99"]), "wrapped variants: naive, naive-dec, tbox");
    }

    [Fact]
    public void AxiServeOfAnUnknownWrapperIsAUsageError() =>
        AssertUsageError(CliRunner.Run(["axi-serve", "--core", "aes", "--variant", "proc99"]), "no AXI wrapper");

    [Fact]
    public void AStreamWidthOtherThan64Or32IsAUsageError()
    {
        AssertUsageError(CliRunner.Run(["verify-axi", "--core", "aes", "--variant", "proc11", "--width", "48"]), "--width is 64 or 32");
        AssertUsageError(CliRunner.Run(["verify-axi", "--all", "--width", "16"]), "--width is 64 or 32");
        AssertUsageError(CliRunner.Run(["axi-serve", "--core", "aes", "--variant", "proc11", "--width", "128"]), "--width is 64 or 32");
        AssertUsageError(CliRunner.Run(["verify-axi", "--core", "aes", "--variant", "proc11", "--width", "wide"]), "--width");
    }

    /// <summary>
    /// The requests crypto_host sends: ID read, key and CONFIG writes, START, one 256-byte packet;
    /// AES-128-ECB from .NET as the oracle. The clocks the packet took: at least the core's (the
    /// iterative core, 10 per block) or the stream's (the pipeline: one beat per clock, 32 beats of 64
    /// bits or 64 of 32 bits).
    /// </summary>
    [Theory]
    [InlineData("iterative", 64, 160, 1000)]
    [InlineData("proc11", 64, 32, 100)]
    [InlineData("proc11", 32, 64, 140)]
    public void AxiServeAnswersRegisterAccessesAndEncryptsAPacket(string variant, int width, int minCycles, int maxCycles)
    {
        byte[] key = Convert.FromHexString("2b7e151628aed2a6abf7158809cf4f3c");
        var packet = new byte[256];
        new Random(5).NextBytes(packet);
        var request = new MemoryStream();
        void Line(string s) => request.Write(Encoding.ASCII.GetBytes(s + "\n"));
        Line("R 0");
        for (int i = 0; i < 4; i++) Line($"W {0x40 + 4 * i:x} {BitConverter.ToUInt32(key, 4 * i):x}");
        Line("W c 0");
        Line("W 10 1");
        Line("R 99");
        Line($"S {packet.Length}");
        request.Write(packet);
        Line("Q");

        var r = CliRunner.Run(["axi-serve", "--core", "aes", "--variant", variant, "--width", width.ToString(System.Globalization.CultureInfo.InvariantCulture)], request.ToArray());
        Assert.True(r.ExitCode == 0, r.Stderr);
        var output = r.Stdout;
        int headerEnd = 0;
        var lines = new List<string>();
        for (int n = 0; n < 9; n++)
        {
            int end = Array.IndexOf(output, (byte)'\n', headerEnd);
            lines.Add(Encoding.ASCII.GetString(output, headerEnd, end - headerEnd));
            headerEnd = end + 1;
        }
        Assert.Equal("V 41455320", lines[0]); // "AES "
        Assert.All(lines.Skip(1).Take(6), l => Assert.Equal("K", l));
        Assert.Equal("V 0", lines[7]);         // 0x99 is not a register
        var d = lines[8].Split(' ');
        Assert.Equal("D", d[0]);
        Assert.Equal(packet.Length, int.Parse(d[1]));
        Assert.InRange(long.Parse(d[2]), minCycles, maxCycles);
        using var aes = System.Security.Cryptography.Aes.Create();
        aes.Key = key;
        Assert.Equal(aes.EncryptEcb(packet, PaddingMode.None), output[headerEnd..]);
    }

    [Fact]
    public void AxiServeOfAnUnknownBackendIsAUsageError() =>
        AssertUsageError(CliRunner.Run(["axi-serve", "--core", "aes", "--variant", "proc11", "--backend", "board"]), "--backend is sim");

    [Fact]
    public void AxiServeRefusesBackPressureBeyondTheLimit() =>
        AssertUsageError(CliRunner.Run(["axi-serve", "--core", "md5", "--variant", "proc4", "--stall-percent", "95"]), "--stall-percent");

    /// <summary>
    /// The generated VHDL in GHDL behind the protocol: the ID register, and the FIPS-197 appendix C.1
    /// known answer (AES-128) through the streams; then the same requests to the C# simulation must get
    /// the same bytes back, clock counts and error answers included; at both stream widths.
    /// </summary>
    [Theory]
    [InlineData("64")]
    [InlineData("32")]
    public void AxiServeGhdlBackendAnswersAsTheCSharpSimulationDoes(string width)
    {
        byte[] key = Convert.FromHexString("000102030405060708090a0b0c0d0e0f");
        byte[] plaintext = Convert.FromHexString("00112233445566778899aabbccddeeff");
        var request = new MemoryStream();
        void Line(string s) => request.Write(Encoding.ASCII.GetBytes(s + "\n"));
        Line("R 0");
        for (int i = 0; i < 4; i++) Line($"W {0x40 + 4 * i:x} {BitConverter.ToUInt32(key, 4 * i):x}");
        Line("W c 0");
        Line("W 10 1");
        Line($"S {plaintext.Length}");
        request.Write(plaintext);
        Line("R 1c");   // BLOCKS_OUT
        Line("R 100");  // outside the register map
        Line("X");
        Line("Q");

        var ghdl = CliRunner.Run(["axi-serve", "--core", "aes", "--variant", "iterative", "--backend", "ghdl", "--width", width], request.ToArray());
        Assert.True(ghdl.ExitCode == 0, ghdl.Stderr);
        var text = Encoding.ASCII.GetString(ghdl.Stdout);
        Assert.StartsWith("V 41455320\nK\nK\nK\nK\nK\nK\nD 16 ", text); // "AES "
        int data = Array.IndexOf(ghdl.Stdout, (byte)'\n', "V 41455320\nK\nK\nK\nK\nK\nK\n".Length) + 1;
        Assert.Equal("69c4e0d86a7b0430d8cdb78070b4c55a", Convert.ToHexStringLower(ghdl.Stdout[data..(data + 16)]));
        Assert.Equal("V 1\nE register offset 0x100 is outside the 256-byte register map\nE unknown request: X\n",
            Encoding.ASCII.GetString(ghdl.Stdout[(data + 16)..]));

        var sim = CliRunner.Run(["axi-serve", "--core", "aes", "--variant", "iterative", "--width", width], request.ToArray());
        Assert.True(sim.ExitCode == 0, sim.Stderr);
        Assert.Equal(Encoding.Latin1.GetString(sim.Stdout), Encoding.Latin1.GetString(ghdl.Stdout));
    }
}
