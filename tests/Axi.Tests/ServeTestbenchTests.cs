using System.Diagnostics;
using System.Text;
using Crypto.Axi.Testbench;
using Hdl.Vhdl;
using Hdl.Vhdl.Tools;
using Xunit;

namespace Axi.Tests;

/// <summary>
/// The served testbench (AxiServeTestbench) on its own, around a small hand-written stand-in for a
/// shell with the same ports: a register that reads back what was written and a stream that echoes
/// its input. Its requests and answers, the gaps and back-pressure it adds, and the AXI rules it checks
/// (a TKEEP that is not a run from lane 0, a response other than OKAY) turn into E answers.
/// The wrappers themselves go through it in tests/Cli.Tests (AxiCommandTests) and zynq/host/test-sim.sh.
/// </summary>
public class ServeTestbenchTests
{
    /// <summary>The stand-in: <paramref name="keep"/> is m_axis_tkeep, <paramref name="readResponse"/> is RRESP.</summary>
    static VhdlSource EchoShell(string keep = "s_axis_tkeep", string readResponse = "\"00\"") => new("echo_ip.vhd", $$"""
        library ieee;
        use ieee.std_logic_1164.all;

        entity echo_ip is
          port (
            aclk : in std_logic;
            aresetn : in std_logic;
            s_axi_awaddr : in std_logic_vector(11 downto 0);
            s_axi_awvalid : in std_logic;
            s_axi_awready : out std_logic;
            s_axi_wdata : in std_logic_vector(31 downto 0);
            s_axi_wstrb : in std_logic_vector(3 downto 0);
            s_axi_wvalid : in std_logic;
            s_axi_wready : out std_logic;
            s_axi_bresp : out std_logic_vector(1 downto 0);
            s_axi_bvalid : out std_logic;
            s_axi_bready : in std_logic;
            s_axi_araddr : in std_logic_vector(11 downto 0);
            s_axi_arvalid : in std_logic;
            s_axi_arready : out std_logic;
            s_axi_rdata : out std_logic_vector(31 downto 0);
            s_axi_rresp : out std_logic_vector(1 downto 0);
            s_axi_rvalid : out std_logic;
            s_axi_rready : in std_logic;
            s_axis_tdata : in std_logic_vector(63 downto 0);
            s_axis_tkeep : in std_logic_vector(7 downto 0);
            s_axis_tlast : in std_logic;
            s_axis_tvalid : in std_logic;
            s_axis_tready : out std_logic;
            m_axis_tdata : out std_logic_vector(63 downto 0);
            m_axis_tkeep : out std_logic_vector(7 downto 0);
            m_axis_tlast : out std_logic;
            m_axis_tvalid : out std_logic;
            m_axis_tready : in std_logic
          );
        end entity;

        architecture echo of echo_ip is
          signal value : std_logic_vector(31 downto 0) := (others => '0');
          signal bvalid, rvalid : std_logic := '0';
        begin
          s_axi_awready <= not bvalid;
          s_axi_wready <= not bvalid;
          s_axi_bvalid <= bvalid;
          s_axi_bresp <= "00";
          s_axi_arready <= not rvalid;
          s_axi_rvalid <= rvalid;
          s_axi_rdata <= value;
          s_axi_rresp <= {{readResponse}};
          registers : process (aclk)
          begin
            if rising_edge(aclk) then
              if aresetn = '0' then
                bvalid <= '0';
                rvalid <= '0';
              else
                if bvalid = '0' and s_axi_awvalid = '1' and s_axi_wvalid = '1' then
                  value <= s_axi_wdata;
                  bvalid <= '1';
                elsif s_axi_bready = '1' then
                  bvalid <= '0';
                end if;
                if rvalid = '0' and s_axi_arvalid = '1' then
                  rvalid <= '1';
                elsif s_axi_rready = '1' then
                  rvalid <= '0';
                end if;
              end if;
            end if;
          end process;

          s_axis_tready <= m_axis_tready;
          m_axis_tvalid <= s_axis_tvalid;
          m_axis_tlast <= s_axis_tlast;
          m_axis_tkeep <= {{keep}};
          lanes : for i in 0 to 7 generate
            m_axis_tdata(8 * i + 7 downto 8 * i) <= s_axis_tdata(8 * i + 7 downto 8 * i) when s_axis_tkeep(i) = '1' else x"00";
          end generate;
        end architecture;

        """);

    /// <summary>Builds the testbench around <paramref name="shell"/>, feeds it <paramref name="requests"/> on stdin and returns its answer lines.</summary>
    static List<string> Serve(VhdlSource shell, string[] requests, params string[] generics)
    {
        var bench = AxiServeTestbench.Generate(shell);
        Assert.Equal("echo_ip_serve.vhd", bench.FileName);
        var dir = Directory.CreateTempSubdirectory("axi-tests-serve-").FullName;
        try
        {
            File.WriteAllText(Path.Combine(dir, shell.FileName), shell.Content, new UTF8Encoding(false));
            File.WriteAllText(Path.Combine(dir, bench.FileName), bench.Content, new UTF8Encoding(false));
            Ghdl.Analyse(dir, [shell.FileName, bench.FileName]);
            Ghdl.Elaborate(dir, "echo_ip_serve");
            var psi = new ProcessStartInfo("ghdl")
            {
                WorkingDirectory = dir, UseShellExecute = false,
                RedirectStandardInput = true, RedirectStandardOutput = true, RedirectStandardError = true,
            };
            foreach (var a in (string[])["-r", Ghdl.Std, "--workdir=work", "echo_ip_serve", .. generics.Select(g => "-g" + g)])
                psi.ArgumentList.Add(a);
            using var p = Process.Start(psi)!;
            var stderr = p.StandardError.ReadToEndAsync(TestContext.Current.CancellationToken);
            var stdout = p.StandardOutput.ReadToEndAsync(TestContext.Current.CancellationToken);
            p.StandardInput.NewLine = "\n";
            foreach (var r in requests) p.StandardInput.WriteLine(r);
            p.StandardInput.Close();
            Assert.True(p.WaitForExit(TimeSpan.FromMinutes(1)), "the served testbench did not end");
            Assert.True(p.ExitCode == 0, stderr.Result + stdout.Result);
            return [.. stdout.Result.Split('\n', StringSplitOptions.RemoveEmptyEntries)];
        }
        finally { Directory.Delete(dir, true); }
    }

    static string Hex(byte[] b) => Convert.ToHexStringLower(b);

    static byte[] RandomBytes(int n, int seed)
    {
        var b = new byte[n];
        new Random(seed).NextBytes(b);
        return b;
    }

    [Fact]
    public void RegistersAndPacketsGoThroughAndBadRequestsAreAnswered()
    {
        byte[] thirteen = RandomBytes(13, 1), eight = RandomBytes(8, 2);
        var answers = Serve(EchoShell(),
            ["W 10 cafef00d", "R 10", $"S 13 {Hex(thirteen)}", $"S 8 {Hex(eight)}", "Y", "S 3 abcd", "R", "Q", "R 10"]);
        // An echo at full speed: one clock per beat (two beats for 13 bytes, the second with TKEEP 0x1f).
        Assert.Equal(
            ["K", "V cafef00d", $"D 13 2 {Hex(thirteen)}", $"D 8 1 {Hex(eight)}", "E unknown request: Y",
             "E S needs a byte count and as many bytes in hexadecimal", "E R needs a register offset in hexadecimal"],
            answers);
    }

    /// <summary>256 KiB, one of the host program's sizes: 32768 beats, one a clock, the answer one long line.</summary>
    [Fact]
    public void ALargePacketGoesThroughWhole()
    {
        byte[] packet = RandomBytes(256 * 1024, 6);
        var answers = Serve(EchoShell(), [$"S {packet.Length} {Hex(packet)}"]);
        Assert.Equal($"D {packet.Length} {packet.Length / 8} {Hex(packet)}", Assert.Single(answers));
    }

    [Fact]
    public void GapsAndBackPressureSlowThePacketButKeepItsBytes()
    {
        const int seed = 3;
        byte[] packet = RandomBytes(100, seed);
        var answers = Serve(EchoShell(), [$"S 100 {Hex(packet)}"], $"seed={seed}", "gap_percent=50", "stall_percent=50");
        var d = Assert.Single(answers).Split(' ');
        Assert.Equal("D", d[0]);
        Assert.Equal("100", d[1]);
        Assert.Equal(Hex(packet), d[3]);
        // 13 beats; with half the cycles a gap or a stall, far more clocks (seed printed on failure).
        Assert.True(int.Parse(d[2]) > 20, $"{d[2]} clocks for 13 beats under 50 % gaps and 50 % stalls (seed {seed})");
    }

    [Fact]
    public void ATkeepThatIsNotARunFromLaneZeroIsAnError()
    {
        var answers = Serve(EchoShell(keep: "s_axis_tkeep(6 downto 0) & '0' when s_axis_tlast = '1' else s_axis_tkeep"),
            [$"S 13 {Hex(RandomBytes(13, 4))}", $"S 16 {Hex(RandomBytes(16, 5))}"]);
        Assert.Equal(2, answers.Count);
        Assert.StartsWith("E cycle ", answers[0]);
        Assert.Contains("m_axis TKEEP 3e with TLAST '1'", answers[0]); // 0x1f shifted: lanes 1..5
        Assert.StartsWith("E cycle ", answers[1]);
        Assert.Contains("m_axis TKEEP fe with TLAST '1'", answers[1]);
    }

    [Fact]
    public void AReadResponseOtherThanOkayIsAnError()
    {
        var answers = Serve(EchoShell(readResponse: "\"10\""), ["R 0", "W 0 1"]);
        Assert.Equal(2, answers.Count);
        Assert.Matches(@"^E cycle \d+: RRESP 2, not OKAY$", answers[0]);
        Assert.Equal("K", answers[1]);
    }
}
