// What a data scope is: which data a caller may see. iam decides it (modules/iam/data-scope.ts);
// the request context carries it to every service.
export type DataScope =
  /** Platform administrators: every organisation. */
  | { kind: "all" }
  /** Tenant administrators: everything of their organisation. */
  | { kind: "tenant"; orgId: string }
  /** Everyone else: their projects only, oldest project first (possibly none). */
  | { kind: "projects"; orgId: string | null; projectIds: string[] };
