/**
 * Run by tests/unit/jobs/pool.test.ts through the tsx CLI, as `npm start` runs its job workers:
 * one pool task, its answer on stdout, then the pool closed (the warning of a fallback, if any, on
 * stdout too, as the log writes it).
 */
import { closePool, runTask } from "@/lib/pool";

const result = await runTask("demo/count-primes", { below: 100 });
console.log(JSON.stringify({ result }));
await closePool();
