using BenchmarkDotNet.Running;
using Crypto.Bench;

// "engines": one timed run per variant of the C# engine beside GHDL replaying its trace (EngineSpeed.cs);
// "simulators": the engine beside GHDL and Verilator on a free-running full-speed stream (HdlSimulators.cs);
// anything else goes to BenchmarkDotNet (CpuBaselines, SimulationSpeed).
if (args.Length > 0 && args[0] == "engines") return EngineSpeed.Run(args[1..]);
if (args.Length > 0 && args[0] == "simulators") return HdlSimulators.Run(args[1..]);
BenchmarkSwitcher.FromAssembly(typeof(SimulationSpeed).Assembly).Run(args);
return 0;
