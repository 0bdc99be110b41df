// TEMPORARY stand-in for Crypto.Aes.AesCatalog (branch aes), only so that the CLI compiles before
// the AES core is merged. Cli.csproj drops this file from the build once Aes/ holds sources; delete
// it after the merge. It simulates nothing: every operation says that the core is missing.
using Crypto.Streams;
using Hdl;

namespace Crypto.Aes;

internal static class AesCatalog
{
    const string Missing = "the AES core is not merged yet (Crypto.Aes.AesCatalog is a temporary stand-in)";

    public static IReadOnlyList<ICoreVariant> Variants { get; } =
        [new MissingAesVariant("iterative"), new MissingAesVariant("proc11")];

    public static ICoreVariant Find(string name) =>
        Variants.FirstOrDefault(v => v.Variant == name)
        ?? throw new ArgumentException($"unknown AES variant '{name}'; known: {string.Join(", ", Variants.Select(v => v.Variant))}");

    public static (byte[] Output, long Cycles, int Blocks) EncryptEcb(string variant, byte[] key16, byte[] data)
    {
        Find(variant);
        throw new NotImplementedException(Missing);
    }

    sealed class MissingAesVariant(string name) : ICoreVariant
    {
        public string Core => "aes";
        public string Variant => name;
        public string Description => "stand-in: " + Missing;
        public Design BuildDesign() => throw new NotImplementedException(Missing);
        public Measurement Measure(int blocks = 64) => throw new NotImplementedException(Missing);
        public TracedRun RunTraced(int blocks, StreamOptions options) => throw new NotImplementedException(Missing);
    }
}
