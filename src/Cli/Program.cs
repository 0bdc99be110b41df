using Crypto.Cli;

return CliApp.Run(args, Console.OpenStandardInput(), Console.OpenStandardOutput(), Console.Error);
