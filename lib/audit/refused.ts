// pure: shared by the audit's reader (lib/audit/list.ts) and the audit table (a client component)
/** The action of the audit entry recording a refused (403) request. */
export const ACCESS_DENIED_ACTION = "access-denied";
