/**
 * Whether this code runs in Next's Node.js server runtime. Written as the literal
 * `process.env.NEXT_RUNTIME`, not read through ./env.ts: Next replaces that expression in each
 * bundle at build time ("nodejs", "edge"), which a lookup by name would miss.
 */
export const isNodeRuntime = (): boolean => process.env.NEXT_RUNTIME === "nodejs";
