/** The allocation domain's public entry point: the verbs and the wave's shapes. */
export { getWave } from "./get-wave";
export { listCaseWaves, type WaveSummary } from "./list-case-waves";
export { applyWaveOverride, checkWaveOverride } from "./override-wave";
export { rerunWave } from "./rerun-wave";
export { runAllocation, prepareAllocation, completeAllocation, type RunAllocationInput, type Prepared } from "./run";
export { toWave, toWaveSummary } from "./record";
export * from "./schemas";
