"use server";

import { revalidatePath } from "next/cache";
import { sessionCtx } from "@/lib/auth/session-ctx";
import { runAction } from "@/lib/console/action-result";
import { mintServiceToken } from "@/lib/service-tokens/mint";
import { revokeServiceToken } from "@/lib/service-tokens/revoke";
import type { MintServiceTokenInput, RevokeServiceTokenInput } from "@/lib/service-tokens/schemas";

export async function mintTokenAction(input: MintServiceTokenInput) {
  return runAction(async () => {
    const ctx = await sessionCtx();
    const minted = await mintServiceToken({ ctx, input });
    revalidatePath("/admin/tokens");
    return minted;
  });
}

export async function revokeTokenAction(input: RevokeServiceTokenInput) {
  return runAction(async () => {
    const ctx = await sessionCtx();
    const revoked = await revokeServiceToken({ ctx, input });
    revalidatePath("/admin/tokens");
    return revoked;
  });
}
