using BenchmarkDotNet.Running;
using Crypto.Bench;

// `simulators`: the engine beside GHDL and Verilator (bench/README.md); anything else goes to
// BenchmarkDotNet (SimulationSpeed, CpuBaselines).
if (args.Length > 0 && args[0] == "simulators") return HdlSimulators.Run(args[1..]);
BenchmarkSwitcher.FromAssembly(typeof(SimulationSpeed).Assembly).Run(args);
return 0;
