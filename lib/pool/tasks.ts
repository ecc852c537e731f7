/**
 * The pure functions the worker pool may run, by name. Each is a module whose default export
 * takes one structured-clonable input and returns one output, with no I/O: it runs in a worker
 * thread (loaded from `file`, a path from the project root, through tsx) or, if the pool cannot
 * start, in-process (through `load`, which the bundler can see). Add a task here and nowhere else.
 */
export const tasks = {
  "demo/count-primes": { file: "lib/pool/tasks/primes.ts", load: () => import("./tasks/primes") },
  // spec 4.8: a wave of 20,000 groups must not stall HTTP answers or job lease heartbeats
  "allocation/engine": { file: "lib/allocation-engine/index.ts", load: () => import("@/lib/allocation-engine") },
  // an uploaded workbook: ExcelJS holds the thread for as long as it parses (docs/security.md, "Spreadsheets")
  "sheets/read-xlsx": { file: "lib/sheets/read-xlsx.ts", load: () => import("@/lib/sheets/read-xlsx") },
} as const;

export type TaskName = keyof typeof tasks;
type TaskFn<N extends TaskName> = Awaited<ReturnType<(typeof tasks)[N]["load"]>>["default"];
export type TaskInput<N extends TaskName> = Parameters<TaskFn<N>>[0];
export type TaskOutput<N extends TaskName> = Awaited<ReturnType<TaskFn<N>>>;
