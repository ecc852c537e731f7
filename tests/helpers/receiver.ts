import { afterAll, beforeAll } from "vitest";
import { type SandboxReceiver, startSandboxReceiver } from "@/lib/alerting/sandbox-receiver";

export const RECEIVER_SECRET = "test-signing-secret-0123456789";

/** A sandbox receiver for the file's tests, knowing the secret so every call's signature is verified. */
export function receiverForTests(secret = RECEIVER_SECRET): { get(): SandboxReceiver } {
  let receiver: SandboxReceiver | undefined;
  beforeAll(async () => {
    receiver = await startSandboxReceiver({ secret });
  });
  afterAll(async () => {
    await receiver?.close();
  });
  return {
    get() {
      if (!receiver) throw new Error("receiver not started");
      return receiver;
    },
  };
}
