import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type Received = {
  from: string;
  to: string[];
  subject: string;
  messageId: string;
  headers: Record<string, string>;
  text: string;
  html: string;
  raw: string;
  /** when the server accepted it (ms since the epoch): `npm run bench:e2e` times the passenger's message by it */
  receivedAt: number;
};

/**
 * A real SMTP server in this process (the smtp-server package) on a free port of 127.0.0.1: what
 * nodemailer delivers arrives here, decoded enough to assert on (headers, the text and HTML parts).
 * `connections` counts every client that connected. `failNext(n, code)` answers the next n messages with an SMTP error (4xx transient, 5xx permanent).
 * `{ lean: true }` keeps the text part and the headers but not the raw message and its HTML: a
 * benchmark receives thousands of vouchers and reads only their text.
 */
export async function startSmtpServer(o: { lean?: boolean } = {}) {
  const received: Received[] = [];
  const failures: number[] = [];
  let connections = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onConnect(_session, callback) {
      connections += 1;
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const code = failures.shift();
        if (code) {
          // as real servers do, the reply quotes the recipient
          const rcpt = session.envelope.rcptTo.map((r) => `<${r.address}>`).join(", ");
          const err = Object.assign(new Error(`${code >= 500 ? "mailbox unavailable" : "try again later"} for ${rcpt}`), { responseCode: code });
          return callback(err);
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        const message = parse(raw);
        received.push({
          ...message,
          ...(o.lean ? { raw: "", html: "" } : {}),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          receivedAt: Date.now(),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  // a client gone mid-conversation (the app SIGKILLed by the chaos run) is a socket error the server
  // emits: a real server keeps serving the others, and an unheard 'error' would end this process
  server.on("error", () => {});
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** every connection opened, a message sent or not */
    get connections() {
      return connections;
    },
    failNext(n: number, code: number) {
      for (let i = 0; i < n; i++) failures.push(code);
    },
    /** forgets what arrived and the failures still planned */
    reset() {
      received.length = 0;
      failures.length = 0;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;

function parse(raw: string): Omit<Received, "from" | "to" | "receivedAt"> {
  const { headers, body } = splitHeaders(raw);
  const parts = leafParts(headers, body);
  return {
    subject: decodeWords(headers["subject"] ?? ""),
    messageId: headers["message-id"] ?? "",
    headers,
    text: parts.find((p) => p.type.startsWith("text/plain"))?.body ?? "",
    html: parts.find((p) => p.type.startsWith("text/html"))?.body ?? "",
    raw,
  };
}

function splitHeaders(raw: string): { headers: Record<string, string>; body: string } {
  const at = raw.indexOf("\r\n\r\n");
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? "" : raw.slice(at + 4);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, " ").split("\r\n")) {
    const i = line.indexOf(":");
    if (i > 0) headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
  }
  return { headers, body };
}

function leafParts(headers: Record<string, string>, body: string): { type: string; body: string }[] {
  const type = (headers["content-type"] ?? "text/plain").toLowerCase();
  const boundary = /boundary="?([^";]+)"?/i.exec(headers["content-type"] ?? "")?.[1];
  if (type.startsWith("multipart/") && boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((p) => !p.startsWith("--"))
      .flatMap((p) => {
        const part = splitHeaders(p.replace(/^\r\n/, ""));
        return leafParts(part.headers, part.body);
      });
  }
  const encoding = (headers["content-transfer-encoding"] ?? "").toLowerCase();
  const decoded =
    encoding === "quoted-printable"
      ? Buffer.from(
          body.replace(/=\r\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, h) => String.fromCharCode(parseInt(h, 16))),
          "latin1",
        ).toString("utf8")
      : encoding === "base64"
        ? Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8")
        : body;
  return [{ type, body: decoded }];
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=) in a header. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, enc: string, text: string) =>
      enc.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : Buffer.from(text.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_m, h) => String.fromCharCode(parseInt(h, 16))), "latin1").toString("utf8"),
    );
}
