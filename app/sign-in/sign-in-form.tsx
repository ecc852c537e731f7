"use client";

import { CircleAlert, KeyRound, LogIn, PlaneLanding } from "lucide-react";
import { useActionState, useRef, useState, useSyncExternalStore } from "react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Separator } from "@/components/ui/separator";
import { type SignInState, signInWithPassword, signInWithSso } from "./actions";

/** `scope`: what the account acts on, in words ("all airports", "CDG, ORY", "Hôtel du Terminal (CDG) only"). */
export type DemoAccount = { email: string; name: string; roles: string[]; scope: string };

const DEMO_PASSWORD = "demo";

export function SignInForm({
  callbackUrl,
  ssoName,
  demoAccounts,
  initialError,
}: {
  callbackUrl: string;
  ssoName: string | null;
  demoAccounts: DemoAccount[];
  initialError?: string;
}) {
  const [state, action, pending] = useActionState<SignInState, FormData>(signInWithPassword, { error: initialError });
  // controlled, so a refused attempt keeps the e-mail typed (a form action resets uncontrolled fields)
  const [email, setEmail] = useState(state.email ?? "");
  const [password, setPassword] = useState("");
  const submitRef = useRef<HTMLButtonElement>(null);
  // tells tests (and nothing else) that the demo shortcuts now respond to clicks
  const hydrated = useSyncExternalStore(
    () => () => {},
    () => true,
    () => false,
  );

  function fill(account: DemoAccount) {
    setEmail(account.email);
    setPassword(DEMO_PASSWORD);
    submitRef.current?.focus();
  }

  return (
    <div className="grid w-full max-w-sm gap-4">
      <div className="flex items-center justify-center gap-2 text-lg font-semibold">
        <PlaneLanding className="size-5 text-primary" aria-hidden />
        Disruption console
      </div>
      <Card>
        <CardHeader>
          {/* the page's one heading of level 1: screen-reader users jump to it */}
          <h1 className="font-semibold leading-none">Sign in</h1>
          <CardDescription>Use your operations account.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <form action={action} className="grid gap-4" data-testid="sign-in-form" data-hydrated={hydrated || undefined} noValidate>
            <input type="hidden" name="callbackUrl" value={callbackUrl} />
            {state.error && (
              <Alert variant="destructive" data-testid="sign-in-error">
                <CircleAlert aria-hidden />
                <AlertDescription>{state.error}</AlertDescription>
              </Alert>
            )}
            <div className="grid gap-1.5">
              <Label htmlFor="email">E-mail</Label>
              <Input
                id="email"
                name="email"
                type="email"
                autoComplete="username"
                required
                autoFocus
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                aria-invalid={!!state.error}
                data-testid="sign-in-email"
              />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="password">Password</Label>
              <Input
                id="password"
                name="password"
                type="password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                aria-invalid={!!state.error}
                data-testid="sign-in-password"
              />
            </div>
            <Button ref={submitRef} type="submit" disabled={pending} data-testid="sign-in-submit">
              <LogIn aria-hidden />
              {pending ? "Signing in…" : "Sign in"}
            </Button>
          </form>
          {ssoName && (
            <>
              <div className="flex items-center gap-3 text-xs text-muted-foreground">
                <Separator className="flex-1" /> or <Separator className="flex-1" />
              </div>
              <form action={signInWithSso}>
                <input type="hidden" name="callbackUrl" value={callbackUrl} />
                <Button type="submit" variant="outline" className="w-full" data-testid="sign-in-sso">
                  <KeyRound aria-hidden />
                  {ssoName}
                </Button>
              </form>
            </>
          )}
        </CardContent>
      </Card>
      {demoAccounts.length > 0 && (
        <Card className="gap-3 py-4" data-testid="demo-accounts">
          <CardHeader className="px-4">
            <CardTitle className="text-sm">Demo accounts</CardTitle>
            <CardDescription className="text-xs">
              Password <code className="rounded bg-muted px-1 font-mono">{DEMO_PASSWORD}</code>. Choose one to fill the form.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-1 px-2">
            {demoAccounts.map((a) => (
              <button
                key={a.email}
                type="button"
                onClick={() => fill(a)}
                data-testid={`demo-${a.email.split("@")[0]}`}
                className="flex items-center justify-between gap-2 rounded-md px-2 py-1.5 text-left text-sm hover:bg-accent focus-visible:bg-accent"
              >
                <span className="min-w-0">
                  <span className="block truncate font-medium">{a.email}</span>
                  <span className="block truncate text-xs text-muted-foreground">{a.name}</span>
                </span>
                <span className="flex shrink-0 flex-col items-end gap-0.5">
                  <Badge variant="secondary">{a.roles.map(roleLabel).join(", ")}</Badge>
                  <span className="text-xs text-muted-foreground" data-testid="demo-scope">{a.scope}</span>
                </span>
              </button>
            ))}
          </CardContent>
        </Card>
      )}
    </div>
  );
}

function roleLabel(role: string): string {
  return { ADMIN: "Admin", OPS_SUPERVISOR: "Supervisor", AIRPORT_OPERATOR: "Operator" }[role] ?? role;
}
