using Crypto.Axi.Formal;
using Crypto.Streams;

namespace Crypto.Axi;

/// <summary>
/// What one core folder (Aes, ChaCha, ...) gives the applications: the variants of its cores in the
/// order of their own catalogs (each with its block size and its published known answer), the AXI
/// wrapper of each, and the formal checks of its own AXI processes. The catalog (src/Catalog,
/// <c>CoreRegistry</c>) lists one of these per folder; nothing else lists cores.
/// </summary>
public interface ICoreModule
{
    /// <summary>Every variant of the folder's cores, in the order of their catalogs.</summary>
    IReadOnlyList<ICoreVariant> Variants { get; }

    /// <summary>
    /// The AXI wrapper of every variant that has one, each numbered (VERSION bits 15..0) by its
    /// variant's place in its core's own catalog (1 = first).
    /// </summary>
    IReadOnlyList<IAxiCoreAdapter> AxiWrappers { get; }

    /// <summary>
    /// The wrapper of a build that is not one of <see cref="AxiWrappers"/> (<paramref name="keyBits"/>
    /// as <see cref="ICoreVariant.KeyBits"/> spells it), or null when the core has no such build; an
    /// exception whose message is one line when the variant cannot be built so.
    /// </summary>
    IAxiCoreAdapter? AxiWrapperOf(string core, string variant, string keyBits) => null;

    /// <summary>The formal checks of the folder's own AXI processes and wrappers (<c>sme-crypto formal</c>).</summary>
    IReadOnlyList<FormalCheck> FormalChecks => [];
}
