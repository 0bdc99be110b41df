using Hdl;

namespace Crypto.ChaCha;

/// <summary>
/// The ChaCha rounds as logic: <c>rounds</c> rounds in one clock, alternating column and diagonal
/// rounds, starting with a diagonal round when <c>diagonalFirst</c>. Every core's datapath is made of
/// it: 20 rounds for the naive core, a double round (2, column first) per stage of proc10 and for the
/// iterative core, one round per stage of proc20 (column rounds in the even stages, diagonal rounds
/// in the odd ones).
/// </summary>
public sealed class ChaChaRounds : CombinationalProcess
{
    [InputBus] public IChaChaColumns Input = null!;
    [OutputBus] public IChaChaColumns Output = Bus.Create<IChaChaColumns>();

    readonly int rounds;
    readonly bool diagonalFirst;

    public ChaChaRounds(int rounds, bool diagonalFirst)
    {
        if (rounds < 1 || rounds > ChaChaMath.Rounds)
            throw new ArgumentOutOfRangeException(nameof(rounds), rounds, $"ChaCha20 has 1..{ChaChaMath.Rounds} rounds");
        this.rounds = rounds;
        this.diagonalFirst = diagonalFirst;
    }

    protected override void OnTick()
    {
        UInt128 c0 = Input.Column[0], c1 = Input.Column[1], c2 = Input.Column[2], c3 = Input.Column[3];
        UInt128 d0, d1, d2, d3;
        bool diagonal = diagonalFirst;
        // Constant loop bound (the subset's rule); the instance's own rounds are the first `rounds`.
        for (int i = 0; i < ChaChaMath.Rounds; i++)
        {
            if (i < rounds)
            {
                if (diagonal)
                {
                    d0 = ChaChaMath.QuarterRound(ChaChaMath.Gather(c0, c1, c2, c3));
                    d1 = ChaChaMath.QuarterRound(ChaChaMath.Gather(c1, c2, c3, c0));
                    d2 = ChaChaMath.QuarterRound(ChaChaMath.Gather(c2, c3, c0, c1));
                    d3 = ChaChaMath.QuarterRound(ChaChaMath.Gather(c3, c0, c1, c2));
                    c0 = ChaChaMath.Gather(d0, d3, d2, d1);
                    c1 = ChaChaMath.Gather(d1, d0, d3, d2);
                    c2 = ChaChaMath.Gather(d2, d1, d0, d3);
                    c3 = ChaChaMath.Gather(d3, d2, d1, d0);
                }
                else
                {
                    c0 = ChaChaMath.QuarterRound(c0);
                    c1 = ChaChaMath.QuarterRound(c1);
                    c2 = ChaChaMath.QuarterRound(c2);
                    c3 = ChaChaMath.QuarterRound(c3);
                }
                diagonal = !diagonal;
            }
        }
        Output.Column[0] = c0;
        Output.Column[1] = c1;
        Output.Column[2] = c2;
        Output.Column[3] = c3;
    }
}
