using Crypto.Axi;
using Crypto.Axi.Cores;
using Crypto.Streams;

namespace Crypto.Sha2;

/// <summary>The SHA-2 folder's cores, sha224, sha256, sha384 and sha512: their variants and AXI wrappers.</summary>
public sealed class Sha2Module : ICoreModule
{
    public IReadOnlyList<ICoreVariant> Variants { get; } = [.. Sha2Catalog.Variants];

    public IReadOnlyList<IAxiCoreAdapter> AxiWrappers { get; } =
    [
        .. Sha2Catalog.Sha224Variants.Select((v, i) => (IAxiCoreAdapter)new Sha2AxiCore<uint>(v, (ushort)(i + 1))),
        .. Sha2Catalog.Sha256Variants.Select((v, i) => (IAxiCoreAdapter)new Sha2AxiCore<uint>(v, (ushort)(i + 1))),
        .. Sha2Catalog.Sha384Variants.Select((v, i) => (IAxiCoreAdapter)new Sha2AxiCore<ulong>(v, (ushort)(i + 1))),
        .. Sha2Catalog.Sha512Variants.Select((v, i) => (IAxiCoreAdapter)new Sha2AxiCore<ulong>(v, (ushort)(i + 1))),
    ];
}
