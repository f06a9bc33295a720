// What a data scope is (data-scope.ts); its own file so that the repository and the service share it.
export type DataScope =
  /** Platform administrators: every organisation. */
  | { kind: "all" }
  /** Tenant administrators: everything of their organisation. */
  | { kind: "tenant"; orgId: string }
  /** Everyone else: their projects only, oldest project first (possibly none). */
  | { kind: "projects"; orgId: string | null; projectIds: string[] };
