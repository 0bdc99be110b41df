using Hdl;

namespace Crypto.Axi.Testbench;

/// <summary>One AXI4-Lite access and, once done, its result.</summary>
public sealed class AxiLiteAccess(bool write, byte address, uint data, byte strobes)
{
    public bool IsWrite { get; } = write;
    public byte Address { get; } = address;
    public uint Data { get; } = data;
    public byte Strobes { get; } = strobes;
    public bool Done { get; internal set; }
    /// <summary>Read data (reads) once done.</summary>
    public uint Result { get; internal set; }
    /// <summary>BRESP or RRESP.</summary>
    public byte Response { get; internal set; }
    /// <summary>Cycle at which the response was taken.</summary>
    public long DoneCycle { get; internal set; }

    public override string ToString() => IsWrite ? $"write 0x{Address:X2} <- 0x{Data:X8}" : $"read 0x{Address:X2}";
}

/// <summary>
/// An AXI4-Lite master model (what the AXI interconnect presents to the wrapper for a CPU access):
/// one access at a time; AWVALID and WVALID rise after independent random delays; BREADY and RREADY
/// are random (back-pressure on responses). Checks that the slave keeps BVALID and RVALID/RDATA
/// until they are taken.
/// </summary>
public sealed class AxiLiteMaster(AxiWrapperPorts ports, Random rng, double delayProbability)
{
    readonly Queue<AxiLiteAccess> queue = new();
    AxiLiteAccess? current;
    bool addressDone, dataDone, addressUp, dataUp;
    bool responseHeld;
    uint heldData;
    readonly List<string> errors = [];

    public IReadOnlyList<string> ProtocolErrors => errors;
    public bool Idle => current is null && queue.Count == 0;

    public AxiLiteAccess Write(byte address, uint data, byte strobes = 0xF)
    {
        var a = new AxiLiteAccess(true, address, data, strobes);
        queue.Enqueue(a);
        return a;
    }

    public AxiLiteAccess Read(byte address)
    {
        var a = new AxiLiteAccess(false, address, 0, 0);
        queue.Enqueue(a);
        return a;
    }

    /// <summary>Writes this cycle's master signals (before Settle).</summary>
    public void Drive()
    {
        if (current is null && queue.Count > 0)
        {
            current = queue.Dequeue();
            addressDone = dataDone = addressUp = dataUp = false;
        }
        var a = current;
        if (a is not null)
        {
            // Each VALID rises after its own random delay and then stays up until taken.
            if (!addressDone && !addressUp) addressUp = rng.NextDouble() >= delayProbability;
            if (a.IsWrite && !dataDone && !dataUp) dataUp = rng.NextDouble() >= delayProbability;
        }
        bool write = a is { IsWrite: true }, read = a is { IsWrite: false };
        ports.WriteAddress.Valid = write && addressUp;
        ports.WriteAddress.Addr = write ? a!.Address : (byte)0;
        ports.WriteData.Valid = write && dataUp;
        ports.WriteData.Data = write ? a!.Data : 0;
        ports.WriteData.Strb = write ? a!.Strobes : (byte)0;
        ports.ReadAddress.Valid = read && addressUp;
        ports.ReadAddress.Addr = read ? a!.Address : (byte)0;
        ports.WriteResponseReady.Ready = rng.NextDouble() >= delayProbability;
        ports.ReadDataReady.Ready = rng.NextDouble() >= delayProbability;
    }

    /// <summary>Sees this cycle's handshakes (after Settle, before Clock).</summary>
    public void Observe(long cycle)
    {
        bool bValid = ports.WriteResponse.Valid, rValid = ports.ReadData.Valid;
        if (responseHeld && current is { IsWrite: false } && (!rValid || ports.ReadData.Data != heldData))
            errors.Add($"cycle {cycle}: RVALID or RDATA changed before the read data was taken");
        if (responseHeld && current is { IsWrite: true } && !bValid)
            errors.Add($"cycle {cycle}: BVALID dropped before the write response was taken");
        responseHeld = false;
        if (current is null)
        {
            if (bValid || rValid) errors.Add($"cycle {cycle}: a response with no access outstanding");
            return;
        }
        var a = current;
        if (a.IsWrite)
        {
            if (addressUp && ports.WriteAddressReady.Ready) { addressDone = true; addressUp = false; }
            if (dataUp && ports.WriteDataReady.Ready) { dataDone = true; dataUp = false; }
            if (rValid) errors.Add($"cycle {cycle}: RVALID during a write");
            if (bValid)
            {
                if (!(addressDone && dataDone)) errors.Add($"cycle {cycle}: BVALID before both the address and the data were taken");
                if (ports.WriteResponseReady.Ready) Complete(a, 0, ports.WriteResponse.Resp, cycle);
                else responseHeld = true;
            }
        }
        else
        {
            if (addressUp && ports.ReadAddressReady.Ready) { addressDone = true; addressUp = false; }
            if (bValid) errors.Add($"cycle {cycle}: BVALID during a read");
            if (rValid)
            {
                if (!addressDone) errors.Add($"cycle {cycle}: RVALID before the read address was taken");
                if (ports.ReadDataReady.Ready) Complete(a, ports.ReadData.Data, ports.ReadData.Resp, cycle);
                else { responseHeld = true; heldData = ports.ReadData.Data; }
            }
        }
    }

    void Complete(AxiLiteAccess a, uint data, byte resp, long cycle)
    {
        a.Result = data;
        a.Response = resp;
        a.Done = true;
        a.DoneCycle = cycle;
        if (resp != 0) errors.Add($"cycle {cycle}: {a} answered with response {resp}, not OKAY");
        current = null;
    }
}
