import net from "node:net";

/** The Redis of the tests that need one: REDIS_URL, else the local default. */
export const TEST_REDIS_URL = process.env.REDIS_URL || "redis://127.0.0.1:6379";

/** Whether something answers PING at TEST_REDIS_URL (tests needing Redis skip, saying so, when not). */
export function redisReachable(url = TEST_REDIS_URL): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once("error", () => done(false));
    socket.once("connect", () => socket.write("PING\r\n"));
    socket.once("data", (d) => done(d.toString().startsWith("+PONG")));
  });
}
