/** What a handler returns when the spec's default status is not enough (a create, an idempotent repeat). */
export class Reply {
  constructor(
    readonly body: unknown,
    readonly status: number,
    readonly headers: Record<string, string> = {},
  ) {}
}

export function created(body: unknown, location: string): Reply {
  return new Reply(body, 201, { location });
}

export function ok(body: unknown, headers: Record<string, string> = {}): Reply {
  return new Reply(body, 200, headers);
}
