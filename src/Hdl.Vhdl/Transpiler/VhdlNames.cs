using System.Text;

namespace Hdl.Vhdl.Transpiler;

/// <summary>Turns C# names into legal, readable VHDL identifiers.</summary>
internal static class VhdlNames
{
    static readonly HashSet<string> Reserved = new(StringComparer.OrdinalIgnoreCase)
    {
        "abs", "access", "after", "alias", "all", "and", "architecture", "array", "assert", "assume", "attribute",
        "begin", "block", "body", "buffer", "bus", "case", "component", "configuration", "constant", "context",
        "cover", "default", "disconnect", "downto", "else", "elsif", "end", "entity", "exit", "fairness", "file",
        "for", "force", "function", "generate", "generic", "group", "guarded", "if", "impure", "in", "inertial",
        "inout", "is", "label", "library", "linkage", "literal", "loop", "map", "mod", "nand", "new", "next",
        "nor", "not", "null", "of", "on", "open", "or", "others", "out", "package", "parameter", "port",
        "postponed", "procedure", "process", "property", "protected", "pure", "range", "record", "register",
        "reject", "release", "rem", "report", "restrict", "return", "rol", "ror", "select", "sequence",
        "severity", "shared", "signal", "sla", "sll", "sra", "srl", "strong", "subtype", "then", "to",
        "transport", "type", "unaffected", "units", "until", "use", "variable", "vmode", "vprop", "vunit",
        "wait", "when", "while", "with", "xnor", "xor",
        // names from the libraries every generated file uses
        "std_logic", "std_logic_vector", "unsigned", "signed", "boolean", "integer", "natural", "resize",
        "shift_left", "shift_right", "rotate_left", "rotate_right", "to_integer", "to_unsigned", "to_signed",
        "rising_edge", "clk", "rst", "sel", "ieee", "std", "work", "numeric_std", "std_logic_1164", "now", "time",
        "string", "character", "bit", "line", "text",
    };

    /// <summary>A legal VHDL identifier for <paramref name="name"/> (leading underscores and "m_" dropped).</summary>
    public static string Id(string name)
    {
        var n = name.StartsWith("m_") ? name[2..] : name;
        var sb = new StringBuilder();
        foreach (var c in n)
        {
            char x = char.IsAsciiLetterOrDigit(c) ? c : '_';
            if (x == '_' && (sb.Length == 0 || sb[^1] == '_')) continue;
            sb.Append(x);
        }
        while (sb.Length > 0 && sb[^1] == '_') sb.Length--;
        if (sb.Length == 0 || char.IsAsciiDigit(sb[0])) sb.Insert(0, "n_");
        var id = sb.ToString();
        // hdl_ is the prefix of the package's own subtypes and functions: no C# name can take it.
        return Reserved.Contains(id) || id.StartsWith("hdl_", StringComparison.OrdinalIgnoreCase) ? id + "_x" : id;
    }
}

/// <summary>
/// A case-insensitive set of names in one VHDL scope, renaming on clashes. Scopes nest (the design
/// package, an entity, its process, a function): a name is free only if no enclosing scope and no
/// nested scope uses it, so a name claimed late in the package (an enumeration, a constant, a
/// function) can never hide or be hidden by a port, generic, label or variable claimed earlier in an
/// entity, and the other way round. Names are unique by construction, whatever order they are claimed in.
/// </summary>
internal sealed class NameScope
{
    readonly NameScope? parent;
    readonly List<NameScope> children = [];
    readonly HashSet<string> used = new(StringComparer.OrdinalIgnoreCase);

    public NameScope(NameScope? parent = null)
    {
        this.parent = parent;
        parent?.children.Add(this);
    }

    bool TakenHereOrAbove(string n) => used.Contains(n) || (parent?.TakenHereOrAbove(n) ?? false);
    bool TakenHereOrBelow(string n) => used.Contains(n) || children.Any(c => c.TakenHereOrBelow(n));
    bool Taken(string n) => TakenHereOrAbove(n) || children.Any(c => c.TakenHereOrBelow(n));

    public string Claim(string csharpName)
    {
        var id = VhdlNames.Id(csharpName);
        var n = id;
        for (int i = 2; Taken(n); i++) n = $"{id}_{i}";
        used.Add(n);
        return n;
    }

    /// <summary>Claims a name that is already a legal VHDL identifier (the package's own hdl_ names), numbering it on a clash.</summary>
    public string ClaimVerbatim(string vhdlName)
    {
        var n = vhdlName;
        for (int i = 2; Taken(n); i++) n = $"{vhdlName}_{i}";
        used.Add(n);
        return n;
    }

    public void Reserve(string vhdlName) => used.Add(vhdlName);
}
