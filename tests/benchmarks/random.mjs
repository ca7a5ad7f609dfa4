// Deterministic random numbers for the benchmarks' generators: mulberry32, small, fast and the
// same on every machine, so that a seed and a count always give the same corpus.
//   import { rng } from '../random.mjs';
//   const random = rng(20261127); random(); // in [0, 1)
export function rng(seed) {
  let s = seed | 0;
  return () => {
    s = (s + 0x6D2B79F5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// What the generators draw with, over one stream: an integer in [lo, hi], one of a list, a
// coin that lands true with probability p.
//   const { random, int, pick, chance } = draws(rng(seed));
export function draws(random) {
  const int = (lo, hi) => lo + Math.floor(random() * (hi - lo + 1));
  return { random, int, pick: (xs) => xs[int(0, xs.length - 1)], chance: (p) => random() < p };
}
