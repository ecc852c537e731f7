/** The exception agent's public entry point: verbs for the API, the job and the console. */
export { agentEnabled } from "./enabled";
export { agentRecommendNewItem, refreshAgentRecommendations } from "./recommend";
export { type AgentOutcome, runExceptionAgent } from "./run";
export { AGENT_TOOL_NAMES, agentTools } from "./tools";
