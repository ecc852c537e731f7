/** Service tokens' public entry point (server side): the ADMIN verbs and their schemas. */
export { listServiceTokens } from "./list";
export { mintServiceToken } from "./mint";
export { revokeServiceToken } from "./revoke";
export * from "./schemas";
