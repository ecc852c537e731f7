"use server";

import { AuthError } from "next-auth";
import { signIn } from "@/lib/auth/next-auth";
import { safeCallback } from "@/lib/http/sign-in-callback";

export type SignInState = { error?: string; email?: string };

/** Credentials sign-in: on success next-auth redirects (a thrown NEXT_REDIRECT); a refusal shows inline. */
export async function signInWithPassword(_prev: SignInState, form: FormData): Promise<SignInState> {
  // a server action's arguments are whatever the request's body decodes to (`[{},{}]`, `["x"]`): not
  // always the form's FormData, and `form.get` on anything else was a 500 to an anonymous caller
  if (!(form instanceof FormData)) return { error: "Enter your e-mail and password." };
  const email = String(form.get("email") ?? "").trim();
  const password = String(form.get("password") ?? "");
  if (!email || !password) return { error: "Enter your e-mail and password.", email };
  try {
    await signIn("credentials", { email, password, redirectTo: safeCallback(form.get("callbackUrl")) });
    return {};
  } catch (err) {
    if (err instanceof AuthError) {
      // one message for unknown e-mail and wrong password: the form must not reveal which accounts exist
      if (err.type === "CredentialsSignin" && (err as { code?: string }).code === "throttled") {
        return { error: "Too many failed attempts for this account or network, so sign-in is slowed down. Wait a moment (at most a few minutes), then try again.", email };
      }
      if (err.type === "CredentialsSignin") return { error: "E-mail or password is incorrect.", email };
      // the signIn callback refused the account itself (a HOTEL user with another role, or without hotels)
      if (err.type === "AccessDenied") return { error: "Your account may not use this console as it is set up: ask your administrator.", email };
      return { error: "Sign-in is unavailable right now. Try again in a moment.", email };
    }
    throw err;
  }
}

export async function signInWithSso(form: FormData): Promise<void> {
  // not the button's form (a hand-made body): nothing to do, the page stays as it is
  if (!(form instanceof FormData)) return;
  await signIn("oidc", { redirectTo: safeCallback(form.get("callbackUrl")) });
}
