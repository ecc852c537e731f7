import http from "node:http";
import type { AddressInfo } from "node:net";
import { DELIVERY_HEADER, EVENT_HEADER, SIGNATURE_HEADER, TIMESTAMP_HEADER, verifySignature } from "@/lib/webhooks/sign";

export type ReceivedCall = {
  path: string;
  deliveryUrn: string | null;
  event: string | null;
  signature: string | null;
  timestamp: string | null;
  body: string;
  json: unknown;
  /** the signature checked against the receiver's secret (when it was given one) */
  verified: boolean | null;
  answered: number;
  at: Date;
};

export type SandboxReceiver = {
  url: string;
  /** what arrived, in order, including the calls answered with an error */
  received: ReceivedCall[];
  /** the calls answered 2xx */
  accepted(): ReceivedCall[];
  /** the next n calls are answered with `status` (500 by default) */
  failNext(n: number, status?: number): void;
  close(): Promise<void>;
};

/**
 * A webhook receiver in this process on a free port of 127.0.0.1, standing in for an on-call
 * pager or an airline system: it records every signed POST (verifying the signature when it knows
 * the secret) and answers 204, or the errors it was told to answer. Tests start it; it is the
 * reference of what a receiver does with the headers (see README "Outbound webhooks").
 */
export async function startSandboxReceiver({ secret }: { secret?: string } = {}): Promise<SandboxReceiver> {
  const received: ReceivedCall[] = [];
  const failures: number[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const header = (name: string) => (typeof req.headers[name] === "string" ? (req.headers[name] as string) : null);
      const signature = header(SIGNATURE_HEADER);
      const timestamp = header(TIMESTAMP_HEADER);
      const verified = secret === undefined ? null : verifySignature(secret, { signature, timestamp }, body).ok;
      const answered = failures.shift() ?? (verified === false ? 401 : 204);
      let json: unknown = null;
      try {
        json = JSON.parse(body);
      } catch {
        /* recorded as text */
      }
      received.push({ path: req.url ?? "/", deliveryUrn: header(DELIVERY_HEADER), event: header(EVENT_HEADER), signature, timestamp, body, json, verified, answered, at: new Date() });
      res.writeHead(answered).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    accepted: () => received.filter((r) => r.answered >= 200 && r.answered < 300),
    failNext: (n, status = 500) => {
      for (let i = 0; i < n; i++) failures.push(status);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
