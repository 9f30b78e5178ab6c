#!/usr/bin/env python3
"""Reference figures for the tests of crates/arena/src/stats.rs (crates/arena/tests/stats.rs).

A separate implementation, in plain Python (no packages), of the published formulas:

- pentanomial counts [LL, LD, DD+WL, WD, WW] of game pairs, pair scores 0, 1/4, 1/2, 3/4, 1;
- score = mean pair score, variance = variance of the pair score (population), over N pairs;
- logistic Elo = -400 log10(1/s - 1); its 95% half-width from s +/- 1.959964 sqrt(var / N);
- normalized Elo = (s - 1/2) / sqrt(2 var) * 800 / ln 10, its half-width the same way;
- SPRT log-likelihood ratio, normalized model (M. Van den Bergh, "Comments on Normalized
  Elo", section 4.1): counts of 0 taken as 0.001; for each hypothesis t = nElo * sqrt(2) /
  (800 / ln 10), the maximum-likelihood distribution p with (mean - 1/2) / sd = t is found by
  the fixed-point iteration phi_i = a_i - 1/2 - t sd (1 + ((a_i - mean) / sd)^2) / 2,
  sum_i phat_i phi_i / (1 + theta phi_i) = 0 (theta by regula falsi with bisection steps),
  p_i = phat_i / (1 + theta phi_i); LLR = N sum_i phat_i ln(p1_i / p0_i);
- Wald's bounds ln(beta / (1 - alpha)) and ln((1 - beta) / alpha).

Run: python3 scripts/sprt_reference.py   (prints the constants the Rust test pastes)
"""
import math

A = [0.0, 0.25, 0.5, 0.75, 1.0]
Z = 1.959963984540054
K = 800.0 / math.log(10.0)


def mean_var(p):
    m = sum(pi * a for pi, a in zip(p, A))
    return m, sum(pi * (a - m) ** 2 for pi, a in zip(p, A))


def solve_theta(phat, phi):
    lo, hi = -1.0 / max(phi), -1.0 / min(phi)

    def f(x):
        return sum(q * f_ / (1.0 + x * f_) for q, f_ in zip(phat, phi))

    # f decreases from +inf to -inf on (lo, hi): shrink inwards, then regula falsi / bisection
    a, b = lo + (hi - lo) * 1e-15, hi - (hi - lo) * 1e-15
    fa, fb = f(a), f(b)
    for i in range(400):
        if i % 2:
            x = (a + b) / 2
        else:
            x = (a * fb - b * fa) / (fb - fa)
            if not a < x < b:
                x = (a + b) / 2
        fx = f(x)
        if fx > 0:
            a, fa = x, fx
        else:
            b, fb = x, fx
        if b - a < 1e-17:
            break
    return (a + b) / 2


def mle(phat, t):
    p = [0.2] * 5
    for _ in range(500):
        m, v = mean_var(p)
        s = math.sqrt(v)
        phi = [a - 0.5 - 0.5 * t * s * (1 + ((a - m) / s) ** 2) for a in A]
        theta = solve_theta(phat, phi)
        q = [h / (1 + theta * f_) for h, f_ in zip(phat, phi)]
        done = max(abs(x - y) for x, y in zip(p, q)) < 1e-14
        p = q
        if done:
            break
    return p


def llr(counts, elo0, elo1):
    c = [max(x, 1e-3) for x in counts]
    n = sum(c)
    phat = [x / n for x in c]
    p0 = mle(phat, elo0 * math.sqrt(2) / K)
    p1 = mle(phat, elo1 * math.sqrt(2) / K)
    return n * sum(h * (math.log(b) - math.log(a)) for h, a, b in zip(phat, p0, p1))


def logistic(s):
    s = min(max(s, 1e-3), 1 - 1e-3)
    return -400 * math.log10(1 / s - 1)


def estimate(counts):
    n = sum(counts)
    m, v = mean_var([x / n for x in counts])
    half = Z * math.sqrt(v / n)
    lo, hi = m - half, m + half
    nelo = lambda s: (s - 0.5) / math.sqrt(2 * v) * K
    return (m, logistic(m), (logistic(hi) - logistic(lo)) / 2, nelo(m), (nelo(hi) - nelo(lo)) / 2)


LLR_CASES = [
    # (counts [LL, LD, DD+WL, WD, WW], elo0, elo1)
    ([365, 16618, 36029 + 200, 16974, 390], 0.0, 2.0),
    ([127, 4883, 10311 + 401, 5150, 104], -1.75, 0.25),
    ([0, 0, 0, 0, 104], 0.0, 5.0),
    ([3, 10, 25, 12, 4], 0.0, 10.0),
    ([3, 10, 25, 12, 4], -5.0, 0.0),
    ([40, 180, 400, 220, 60], 0.0, 10.0),
    ([12, 30, 41, 22, 9], 0.0, 5.0),
    ([0, 1, 0, 0, 0], 0.0, 10.0),
]

ELO_CASES = [
    [34, 54, 31 + 32, 64, 75],
    [332, 433, 457 + 41, 333, 334],
    [3, 10, 25, 12, 4],
    [40, 180, 400, 220, 60],
]

if __name__ == "__main__":
    print("bounds alpha=beta=0.05: %.15f %.15f" % (math.log(0.05 / 0.95), math.log(0.95 / 0.05)))
    for counts, e0, e1 in LLR_CASES:
        print("llr %s [%g, %g] = %.12f" % (counts, e0, e1, llr(counts, e0, e1)))
    for counts in ELO_CASES:
        m, e, ee, n, ne = estimate(counts)
        print("estimate %s: score %.12f elo %.12f +/- %.12f nelo %.12f +/- %.12f" % (counts, m, e, ee, n, ne))
