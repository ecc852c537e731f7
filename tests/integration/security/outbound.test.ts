import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { PATCH as patchSettingsH } from "@/app/api/v1/settings/route";
import { GET as listSubsH, POST as createSubH } from "@/app/api/v1/webhooks/subscriptions/route";
import { tenants, webhookDeliveries } from "@/db/schema";
import { deliverWebhookJob } from "@/inngest/functions/webhooks";
import { systemPrincipal } from "@/lib/auth/principal";
import { emit } from "@/lib/events";
import { manualClock } from "@/lib/jobs/clock";
import { createRunner } from "@/lib/jobs/runner";
import { postToTarget } from "@/lib/outbound/post";
import { installResolver } from "@/lib/outbound/resolver";
import { apiTestDatabase, call } from "@/tests/helpers/api";
import { roleToken } from "@/tests/helpers/cases";
import { uniqueTenant } from "@/tests/helpers/factories";
import { fakeResolver, INSIDE_NAMES, INSIDE_URLS, PUBLIC_NAMES } from "@/tests/helpers/outbound";
import { RECEIVER_SECRET, receiverForTests } from "@/tests/helpers/receiver";

/**
 * Issue 18, finding 1 through the API and the delivery job: a tenant's URL that is or resolves to
 * an inside address is refused with 422 naming the field and nothing is stored; a name that
 * resolved outside at registration and inside at delivery is not connected to; the delivery log
 * says why in words, never with the other host's answer. OUTBOUND_ALLOW_PRIVATE is off in each
 * test here unless the test says otherwise (the suite's default is on, for the receivers on 127.0.0.1).
 */
const database = apiTestDatabase();
const receiver = receiverForTests();
const CASE = "urn:svc:case:0195f0c8-7a1e-7c2d-9a55-3b2f4a1c9d10";
const RES = "urn:svc:reservation:0195f0c8-7a1e-7c2d-9a55-3b2f4a1c9d11";

const subscribe = (token: string, url: string) =>
  call(createSubH, "/webhooks/subscriptions", { token, body: { url, events: ["reservation.confirmed"], secret: RECEIVER_SECRET } });
const setAlerting = (token: string, url: string) => call(patchSettingsH, "/settings", { token, method: "PATCH", body: { alerting: { url, secret: "a-signing-secret-of-16+" } } });
const deliverOnce = async (tenant: string) => {
  const db = async () => database.db;
  const runner = createRunner({ db: database.db, clock: manualClock(), jobs: [deliverWebhookJob(db)] });
  await emit({ db: database.db, principal: systemPrincipal(tenant) }, "reservation/confirmed", { tenant, caseUrn: CASE, reservationUrn: RES });
  await runner.tick();
  return database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.tenant, tenant));
};

let restoreResolver = () => {};
const answer = (table: Record<string, string[]>) => {
  restoreResolver();
  restoreResolver = installResolver(fakeResolver(table));
};
beforeEach(() => vi.stubEnv("OUTBOUND_ALLOW_PRIVATE", ""));
afterEach(() => {
  restoreResolver();
  restoreResolver = () => {};
  vi.unstubAllEnvs();
});

describe("registering a URL", () => {
  const insideByName = Object.keys(INSIDE_NAMES).map((n) => `https://${n}/hooks`);

  it("POST /webhooks/subscriptions: 422 naming `url` for every inside notation and name; nothing stored", async () => {
    answer({ ...INSIDE_NAMES, ...PUBLIC_NAMES });
    const t = uniqueTenant();
    const admin = await roleToken(t, "ADMIN");
    for (const url of [...INSIDE_URLS, ...insideByName]) {
      const res = await subscribe(admin, url);
      expect([res.status, res.json?.code, res.headers.get("content-type")], url).toEqual([422, "VALIDATION_FAILED", "application/problem+json"]);
      expect(res.json.errors.map((e: { path: string }) => e.path), url).toEqual(["url"]);
    }
    expect((await call(listSubsH, "/webhooks/subscriptions", { token: admin })).json.items).toEqual([]);
    expect((await subscribe(admin, "https://hooks.example.com/das")).status).toBe(201);
  });

  it("PATCH /settings: 422 naming `alerting.url` for every inside notation and name; the settings stay as they were", async () => {
    answer({ ...INSIDE_NAMES, ...PUBLIC_NAMES });
    const t = uniqueTenant();
    const admin = await roleToken(t, "ADMIN");
    expect((await setAlerting(admin, "https://hooks.example.com/pager")).status).toBe(200);
    const [before] = await database.db.select().from(tenants).where(eq(tenants.code, t));
    for (const url of [...INSIDE_URLS, ...insideByName]) {
      const res = await setAlerting(admin, url);
      expect([res.status, res.json?.code], url).toEqual([422, "VALIDATION_FAILED"]);
      expect(res.json.errors.map((e: { path: string }) => e.path), url).toEqual(["alerting.url"]);
    }
    const [after] = await database.db.select().from(tenants).where(eq(tenants.code, t));
    expect(after.settings).toEqual(before.settings);
    expect(after.updatedAt).toEqual(before.updatedAt);
  });

  it("the service's own origin is refused (its backup route, its admin API)", async () => {
    vi.stubEnv("PUBLIC_URL", "https://das.example.com");
    answer({ "das.example.com": ["93.184.215.14"] });
    const admin = await roleToken(uniqueTenant(), "ADMIN");
    const res = await subscribe(admin, "https://das.example.com/api/v1/admin/backup");
    expect([res.status, res.json.errors[0]]).toEqual([422, { path: "url", message: "must not point at this service itself" }]);
    expect((await setAlerting(admin, "https://das.example.com:8443/api/v1/admin/backup")).status).toBe(422);
  });
});

describe("delivering", () => {
  it("a name that resolved outside at registration and inside at delivery is never connected to (DNS rebinding)", async () => {
    const t = uniqueTenant();
    const port = new URL(receiver.get().url).port;
    answer({ "rebind.example.com": ["93.184.215.14"] });
    const created = await subscribe(await roleToken(t, "ADMIN"), `http://rebind.example.com:${port}/hooks`);
    expect(created.status).toBe(201);
    answer({ "rebind.example.com": ["127.0.0.1"] });
    const before = receiver.get().received.length;
    const [d] = await deliverOnce(t);
    expect(d).toMatchObject({ status: "FAILED", attempts: 1, lastStatusCode: null, lastError: "target address not allowed", nextRetryAt: null });
    expect(receiver.get().received.length).toBe(before);
  });

  it("a URL stored when private targets were allowed is refused at delivery once they are not", async () => {
    const t = uniqueTenant();
    const admin = await roleToken(t, "ADMIN");
    vi.stubEnv("OUTBOUND_ALLOW_PRIVATE", "1");
    expect((await subscribe(admin, receiver.get().url)).status).toBe(201);
    vi.stubEnv("OUTBOUND_ALLOW_PRIVATE", "");
    const before = receiver.get().received.length;
    const [d] = await deliverOnce(t);
    expect(d).toMatchObject({ status: "FAILED", lastError: "target address not allowed" });
    expect(receiver.get().received.length).toBe(before);
  });

  it("the HTTP client connects to the address the checked lookup answered (allowed private, for a developer)", async () => {
    const t = uniqueTenant();
    vi.stubEnv("OUTBOUND_ALLOW_PRIVATE", "1");
    answer({ "receiver.example.com": ["127.0.0.1"] });
    const port = new URL(receiver.get().url).port;
    expect((await subscribe(await roleToken(t, "ADMIN"), `http://receiver.example.com:${port}/hooks`)).status).toBe(201);
    const before = receiver.get().received.length;
    const [d] = await deliverOnce(t);
    expect(d).toMatchObject({ status: "DELIVERED", lastStatusCode: 204 });
    expect(receiver.get().received.slice(before).map((c) => c.event)).toEqual(["reservation.confirmed"]);
  });

  describe("the delivery log says what failed in words, never with the answer's body", () => {
    let server: http.Server;
    let base: string;
    const BODY = "root:x:0:0 internal-metadata-token=abc123";
    beforeAll(async () => {
      server = http.createServer((req, res) => {
        if (req.url === "/redirect") res.writeHead(302, { location: receiver.get().url }).end(BODY);
        else if (req.url === "/down") res.writeHead(503, { "content-type": "text/plain" }).end(BODY);
        // /hang: never answers
      });
      await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    });

    const logOf = async (path: string) => {
      const t = uniqueTenant();
      vi.stubEnv("OUTBOUND_ALLOW_PRIVATE", "1");
      expect((await subscribe(await roleToken(t, "ADMIN"), `${base}${path}`)).status).toBe(201);
      const [d] = await deliverOnce(t);
      expect(JSON.stringify(d)).not.toContain("internal-metadata-token");
      return d;
    };

    it("HTTP 503 (retried), a redirect not followed (not retried), connection refused", async () => {
      expect(await logOf("/down")).toMatchObject({ status: "PENDING", lastStatusCode: 503, lastError: "HTTP 503" });
      const before = receiver.get().received.length;
      expect(await logOf("/redirect")).toMatchObject({ status: "FAILED", lastStatusCode: 302, lastError: "HTTP 302 (redirects are not followed)" });
      expect(receiver.get().received.length).toBe(before);
      const closed = http.createServer();
      await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
      const port = (closed.address() as AddressInfo).port;
      await new Promise<void>((r) => closed.close(() => r()));
      const t = uniqueTenant();
      vi.stubEnv("OUTBOUND_ALLOW_PRIVATE", "1");
      await subscribe(await roleToken(t, "ADMIN"), `http://127.0.0.1:${port}/hooks`);
      expect((await deliverOnce(t))[0]).toMatchObject({ status: "PENDING", lastStatusCode: null, lastError: "connection refused" });
    });

    it("a receiver that does not answer in time: 'timed out after N s'", async () => {
      vi.stubEnv("OUTBOUND_ALLOW_PRIVATE", "1");
      await expect(postToTarget(`${base}/hang`, { headers: {}, body: "{}", timeoutMs: 1000 })).rejects.toMatchObject({ reason: "timed out after 1 s" });
      answer({});
      await expect(postToTarget("http://nowhere.example.com/", { headers: {}, body: "{}", timeoutMs: 1000 })).rejects.toMatchObject({ reason: "host not found" });
    });
  });
});
