class ExpectimaxAgent: pass
class GreedyAgent: pass
bench_extra=None
