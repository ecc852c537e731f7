"use server";

import { revalidatePath } from "next/cache";
import { consoleAction } from "@/lib/console/action-result";
import { mintServiceToken } from "@/lib/service-tokens/mint";
import { revokeServiceToken } from "@/lib/service-tokens/revoke";
import type { MintServiceTokenInput, RevokeServiceTokenInput } from "@/lib/service-tokens/schemas";

export async function mintTokenAction(input: MintServiceTokenInput) {
  return consoleAction(async (ctx) => {
    const minted = await mintServiceToken({ ctx, input });
    revalidatePath("/admin/tokens");
    return minted;
  });
}

export async function revokeTokenAction(input: RevokeServiceTokenInput) {
  return consoleAction(async (ctx) => {
    const revoked = await revokeServiceToken({ ctx, input });
    revalidatePath("/admin/tokens");
    return revoked;
  });
}
