import net from "node:net";
import { WebSocketServer } from "ws";

/**
 * What Neon's edge does in front of PostgreSQL, on loopback: each WebSocket carries one TCP
 * connection to `?address=host:port`. Lets the tests run the production driver against a local server.
 */
export async function startNeonProxy(): Promise<{ port: number; close: () => Promise<void> }> {
  const wss = new WebSocketServer({ host: "127.0.0.1", port: 0 });
  wss.on("connection", (ws, req) => {
    const address = new URL(req.url ?? "/", "http://x").searchParams.get("address") ?? "";
    const [host, port] = address.split(":");
    if (!["127.0.0.1", "localhost"].includes(host)) return ws.close(1008, "loopback only");
    const tcp = net.connect(Number(port), host);
    tcp.on("data", (d) => ws.send(d));
    tcp.on("close", () => ws.close());
    tcp.on("error", () => ws.close());
    ws.on("message", (m) => tcp.write(m as Buffer));
    ws.on("close", () => tcp.destroy());
  });
  await new Promise((r) => wss.once("listening", r));
  const port = (wss.address() as net.AddressInfo).port;
  return { port, close: () => new Promise((r) => wss.close(() => r())) };
}
