"use server";

import { revalidatePath } from "next/cache";
import { consoleAction } from "@/lib/console/action-result";
import { createUser } from "@/lib/users/create";
import type { CreateUserBody } from "@/lib/users/schemas";
import { updateUser } from "@/lib/users/update";

/** Add a HOTEL user: the same verb as POST /users, with the ADMIN's context. */
export async function createHotelUserAction(input: { email: string; name: string; password: string; hotels: string[] }) {
  return consoleAction(async (ctx) => {
    const body: CreateUserBody = { ...input, roles: ["HOTEL"] };
    const user = await createUser({ ctx, input: body });
    revalidatePath("/admin/users");
    return { urn: user.urn };
  });
}

/** Change a HOTEL user's hotels: the same verb as PATCH /users/{userUrn}; its console sessions end. */
export async function updateUserHotelsAction(userUrn: string, hotels: string[]) {
  return consoleAction(async (ctx) => {
    const user = await updateUser({ ctx, input: { userUrn, hotels } });
    revalidatePath("/admin/users");
    return { notice: user.sessionsEnded ? `Hotels saved; ${user.sessionsEnded} console session(s) ended` : "Hotels saved" };
  }, userUrn);
}
