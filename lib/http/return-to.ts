/**
 * The request header proxy.ts sets on every page request to the path and query asked for, so a
 * layout that sends a signed-out visitor to sign-in can bring them back there (a capacity call's
 * link keeps its ?call=). Always overwritten by the proxy, never the client's.
 */
export const RETURN_TO_HEADER = "x-return-to";
