using BenchmarkDotNet.Running;

BenchmarkSwitcher.FromAssembly(typeof(Crypto.Bench.SimulationSpeed).Assembly).Run(args);
