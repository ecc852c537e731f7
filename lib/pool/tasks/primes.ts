/**
 * The pool's demo task: counts the primes below `below` by trial division. Pure and CPU-bound on
 * purpose (≈1 s for 3 million here), so a test can show the event loop keeps answering while it runs.
 */
export default function countPrimes(input: { below: number }): { below: number; count: number } {
  let count = 0;
  for (let n = 2; n < input.below; n++) {
    let prime = true;
    for (let d = 2; d * d <= n; d++) {
      if (n % d === 0) {
        prime = false;
        break;
      }
    }
    if (prime) count++;
  }
  return { below: input.below, count };
}
