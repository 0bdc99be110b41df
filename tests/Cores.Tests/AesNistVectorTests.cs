using Crypto.Aes;
using Crypto.Streams;
using Xunit;

namespace Cores.Tests;

/// <summary>
/// The NIST CAVP AESAVS files (../shared/vectors/aes): known-answer (GFSbox, KeySbox, VarKey, VarTxt),
/// multi-block (MMT) and Monte Carlo (MCT), ECB and CBC, 128/192/256-bit keys, ENCRYPT and DECRYPT.
/// Every file goes through the software model; the ECB known-answer and MMT files also go through the
/// hardware simulation of the per-round pipelines, the iterative cores and the on-the-fly pipeline,
/// and the CBC ones through the CBC mode cores (each entry a message, its IV on the first block).
/// The Monte Carlo files run in full on the model; a sample (the first two entries of every file and
/// direction) also runs through the iterative cores (ECB, and CBC with the mode processes), block by
/// block, each input made from the outputs before it.
/// </summary>
public class AesNistVectorTests
{
    static readonly string[] KnownAnswerKinds = ["GFSbox", "KeySbox", "VarKey", "VarTxt", "MMT"];
    static readonly int[] KeyBits = [128, 192, 256];

    static List<NistAesEntry> Read(string file)
    {
        var path = Path.Combine(TestVectors.Directory("aes"), file);
        Assert.True(File.Exists(path), $"{path} is missing from the vectors folder");
        var entries = NistRsp.Read(path);
        Assert.Contains(entries, e => e.Section == "ENCRYPT");
        Assert.Contains(entries, e => e.Section == "DECRYPT");
        return entries;
    }

    static List<NistAesEntry> KnownAnswerEntries(string mode) =>
        [.. KnownAnswerKinds.SelectMany(kind => KeyBits.SelectMany(bits => Read($"{mode}{kind}{bits}.rsp")))];

    [Theory]
    [InlineData("ECB")]
    [InlineData("CBC")]
    public void ModelPassesKnownAnswerAndMultiBlockFiles(string mode)
    {
        var entries = KnownAnswerEntries(mode);
        Assert.Equal(2138, entries.Count);
        var aesMode = mode == "ECB" ? AesMode.Ecb : AesMode.Cbc;
        foreach (var e in entries)
        {
            bool decrypt = e.Section == "DECRYPT";
            var got = AesModel.Process(aesMode, decrypt, e.Key, e.Iv, decrypt ? e.Ciphertext : e.Plaintext);
            Assert.True((decrypt ? e.Plaintext : e.Ciphertext).AsSpan().SequenceEqual(got), $"{e}: model output differs");
        }
    }

    /// <summary>AESAVS 6.4 Monte Carlo: each entry's output after 1000 chained blocks from its key, IV and input.</summary>
    [Theory]
    [InlineData("ECB")]
    [InlineData("CBC")]
    public void ModelPassesMonteCarloFiles(string mode)
    {
        int checkedEntries = 0;
        foreach (int bits in KeyBits)
            foreach (var e in Read($"{mode}MCT{bits}.rsp"))
            {
                bool decrypt = e.Section == "DECRYPT";
                var key = AesKey.FromBytes(e.Key);
                var keys = decrypt ? AesModel.DecryptionKeys(key) : AesModel.ExpandKey(key);
                UInt128 input = AesModel.ToBlock(decrypt ? e.Ciphertext : e.Plaintext), output = 0;
                if (mode == "ECB")
                {
                    for (int j = 0; j < 1000; j++) input = output = AesModel.ProcessBlock(keys, input, decrypt);
                }
                else if (!decrypt)
                {
                    // CT[j] = E(PT[j] ^ CT[j-1]) with CT[-1] = IV; PT[j+1] = CT[j-1] (PT[1] = IV).
                    UInt128 chain = AesModel.ToBlock(e.Iv);
                    for (int j = 0; j < 1000; j++)
                    {
                        output = AesModel.ProcessBlock(keys, input ^ chain, false);
                        input = chain;
                        chain = output;
                    }
                }
                else
                {
                    // PT[j] = D(CT[j]) ^ CT[j-1] with CT[-1] = IV; CT[j+1] = PT[j-1] (CT[1] = IV).
                    UInt128 chain = AesModel.ToBlock(e.Iv), previousOutput = chain;
                    for (int j = 0; j < 1000; j++)
                    {
                        output = AesModel.ProcessBlock(keys, input, true) ^ chain;
                        chain = input;
                        input = previousOutput;
                        previousOutput = output;
                    }
                }
                Assert.True(AesModel.ToBlock(decrypt ? e.Plaintext : e.Ciphertext) == output, $"{e}: Monte Carlo result differs");
                checkedEntries++;
            }
        Assert.Equal(600, checkedEntries);
    }

    [Theory]
    [InlineData("proc11", 0.0, 0.0)]
    [InlineData("proc11-dec", 0.25, 0.25)]
    [InlineData("proc11-otf", 0.25, 0.25)]
    [InlineData("proc11-otf-dec", 0.25, 0.25)]
    [InlineData("iterative", 0.0, 0.0)]
    [InlineData("iterative-dec", 0.0, 0.0)]
    public void CorePassesNistEcbKnownAnswerAndMultiBlockFiles(string variant, double gap, double stall)
    {
        var core = AesCatalog.Find(variant);
        var entries = KnownAnswerEntries("ECB").Where(e => e.Section == (core.Decrypt ? "DECRYPT" : "ENCRYPT")).ToList();
        var jobs = new List<AesBlockJob>();
        var expected = new List<AesBlockResult>();
        var source = new List<NistAesEntry>();
        foreach (var e in entries)
        {
            var key = AesKey.FromBytes(e.Key);
            var input = AesModel.ToBlocks(core.Decrypt ? e.Ciphertext : e.Plaintext);
            var output = AesModel.ToBlocks(core.Decrypt ? e.Plaintext : e.Ciphertext);
            for (int i = 0; i < input.Length; i++)
            {
                byte tag = (byte)jobs.Count;
                bool last = i == input.Length - 1;
                jobs.Add(new AesBlockJob(key, input[i], tag, last));
                expected.Add(new AesBlockResult(output[i], tag, last));
                source.Add(e);
            }
        }
        Assert.Equal(1204, jobs.Count);
        const int seed = 7;
        var run = core.Run(jobs, new StreamOptions(seed, gap, stall));
        Assert.Empty(run.Stream.ProtocolErrors);
        var mismatches = StreamTestbench<IAesBlockIn, IAesBlockOut>.Compare(expected, run.Stream.Outputs);
        Assert.True(mismatches.Count == 0,
            $"{variant} (seed {seed}): {mismatches.Count} blocks differ, first: {string.Join("; ", mismatches.Take(3).Select(m => $"{source[m.Index]} {m}"))}");
    }

    [Theory]
    [InlineData("iterative", false, 0.0, 0.0)]
    [InlineData("proc11", false, 0.2, 0.2)]
    [InlineData("proc11", true, 0.25, 0.25)]
    [InlineData("bram11", true, 0.0, 0.0)]
    public void CbcCorePassesNistCbcKnownAnswerAndMultiBlockFiles(string variant, bool decrypt, double gap, double stall)
    {
        var core = AesCatalog.ForMode(variant, AesMode.Cbc, decrypt);
        var entries = KnownAnswerEntries("CBC").Where(e => e.Section == (decrypt ? "DECRYPT" : "ENCRYPT")).ToList();
        var jobs = new List<AesBlockJob>();
        var expected = new List<AesBlockResult>();
        var source = new List<NistAesEntry>();
        foreach (var e in entries)
        {
            var key = AesKey.FromBytes(e.Key);
            var input = AesModel.ToBlocks(decrypt ? e.Ciphertext : e.Plaintext);
            var output = AesModel.ToBlocks(decrypt ? e.Plaintext : e.Ciphertext);
            for (int i = 0; i < input.Length; i++)
            {
                byte tag = (byte)jobs.Count;
                bool last = i == input.Length - 1;
                jobs.Add(new AesBlockJob(key, input[i], tag, last, AesModel.ToBlock(e.Iv)));
                expected.Add(new AesBlockResult(output[i], tag, last));
                source.Add(e);
            }
        }
        const int seed = 8;
        var run = core.Run(jobs, new StreamOptions(seed, gap, stall));
        Assert.Empty(run.Stream.ProtocolErrors);
        var mismatches = StreamTestbench<IAesBlockIn, IAesBlockOut>.Compare(expected, run.Stream.Outputs);
        Assert.True(mismatches.Count == 0,
            $"{core.Variant} (seed {seed}): {mismatches.Count} blocks differ, first: {string.Join("; ", mismatches.Take(3).Select(m => $"{source[m.Index]} {m}"))}");
    }

    /// <summary>
    /// Runs <paramref name="count"/> blocks of one message through a fresh core one at a time, the
    /// input of block j made by <paramref name="input"/> from the outputs so far (Monte Carlo chaining).
    /// </summary>
    static List<UInt128> RunChained(AesVariant core, AesKey key, UInt128 side, int count, Func<int, List<UInt128>, UInt128> input)
    {
        var built = core.Build();
        var sim = new Hdl.Simulation(built.Design);
        var outputs = new List<UInt128>(count);
        built.OutputReady.Ready = true;
        int sent = 0;
        bool offering = false;
        for (long cycle = 0; outputs.Count < count; cycle++)
        {
            Assert.True(cycle < 40L * count + 1000, $"{core.Variant}: {outputs.Count} of {count} blocks after {cycle} cycles");
            if (!offering && sent == outputs.Count && sent < count)
            {
                built.Input.Block = input(sent, outputs);
                built.Input.KeyHigh = key.High;
                built.Input.KeyLow = key.Low;
                built.Input.KeySize = key.Size;
                built.Input.Side = side;
                built.Input.Tag = 0;
                built.Input.Last = sent == count - 1;
                offering = true;
            }
            built.Input.Valid = offering;
            sim.Settle();
            if (offering && built.InputReady.Ready) { offering = false; sent++; }
            if (built.Output.Valid) outputs.Add(built.Output.Block);
            sim.Clock();
        }
        return outputs;
    }

    [Theory]
    [InlineData("ECB")]
    [InlineData("CBC")]
    public void IterativeCoresPassASampleOfTheMonteCarloFiles(string mode)
    {
        int checkedEntries = 0;
        foreach (int bits in KeyBits)
            foreach (var e in Read($"{mode}MCT{bits}.rsp").Where(e => e.Count < 2))
            {
                bool decrypt = e.Section == "DECRYPT";
                var core = AesCatalog.ForMode("iterative", mode == "ECB" ? AesMode.Ecb : AesMode.Cbc, decrypt);
                UInt128 first = AesModel.ToBlock(decrypt ? e.Ciphertext : e.Plaintext);
                UInt128 iv = mode == "CBC" ? AesModel.ToBlock(e.Iv) : 0;
                // ECB: each block is the previous output. CBC (AESAVS 6.4.2): block 1 is the IV, block j the output j-2.
                var outputs = RunChained(core, AesKey.FromBytes(e.Key), iv, 1000, (j, o) =>
                    j == 0 ? first : mode == "ECB" ? o[j - 1] : j == 1 ? iv : o[j - 2]);
                Assert.True(AesModel.ToBlock(decrypt ? e.Plaintext : e.Ciphertext) == outputs[999], $"{e}: {core.Variant} Monte Carlo result differs");
                checkedEntries++;
            }
        Assert.Equal(12, checkedEntries);
    }
}
