import type { Assignment, AssignmentRequest, CapacityRequest } from "./wire";
import { PeerAuthError, PeerUnavailable } from "@/lib/http/peer-errors";

export type { Assignment, AssignmentRequest, CapacityRequest } from "./wire";

/** How many vehicles the provider adds for the window (0: none), in its words when it gave them. */
export type CapacityAnswer = { granted: number; message: string | null };

/** A vehicle and driver, or why none: `NO_VEHICLE` when the type is exhausted, another code for any other refusal. */
export type AssignOutcome = { ok: true; assignment: Assignment } | { ok: false; code: string; message: string };

/**
 * What lib/transport needs of a transport provider (spec 2.7: a sandbox fleet, a taxi or shuttle
 * service, or an operator by hand). The domain depends on this, never on the HTTP client, so a
 * second provider is one more implementation. Errors: FleetUnavailable (retry later),
 * FleetAuthError (configuration).
 */
export interface TransportFleet {
  assign(request: AssignmentRequest): Promise<AssignOutcome>;
  /** frees the vehicle; releasing an unknown or released assignment is not an error */
  release(assignmentId: string): Promise<void>;
  /**
   * Asks for more vehicles of a type at an airport for a window, where the provider's API allows
   * (optional: a provider without it is never asked). `reference` is ours: the same one answers the
   * same grant, so a retried call adds nothing twice.
   */
  requestCapacity?(request: CapacityRequest, reference: string): Promise<CapacityAnswer>;
}

/** The fleet could not be reached or failed (5xx, 429, timeout): worth retrying with backoff. */
export class FleetUnavailable extends PeerUnavailable {
  static override readonly peer = "transport fleet: ";
  override name = "FleetUnavailable";
}

/** The fleet refused our API key: configuration, not worth retrying. */
export class FleetAuthError extends PeerAuthError {
  override name = "FleetAuthError";
  constructor(message = "the transport fleet refused the API key") {
    super(message);
  }
}
