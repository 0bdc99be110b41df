using BenchmarkDotNet.Running;

// "engines": one timed run per variant of the C# engine beside GHDL (bench/EngineSpeed.cs);
// anything else goes to BenchmarkDotNet (CpuBaselines, SimulationSpeed).
if (args.Length > 0 && args[0] == "engines") return Crypto.Bench.EngineSpeed.Run(args[1..]);
BenchmarkSwitcher.FromAssembly(typeof(Crypto.Bench.SimulationSpeed).Assembly).Run(args);
return 0;
