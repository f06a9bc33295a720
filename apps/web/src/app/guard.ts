// Which console paths a user may open. The server is the authority (it answers 403); the guard
// only keeps people away from screens they cannot use.
import { type CurrentUser, findRoute, OPEN_ROUTES } from "@skyledger/contracts";

export type AccessDecision = "allow" | "forbidden" | "notFound";

/** Paths the console layout owns: every route of the shared table, the open profile routes and "/". */
export function isConsolePath(path: string): boolean {
  return path === "/" || OPEN_ROUTES.includes(path) || findRoute(path) !== undefined;
}

export function decideAccess(path: string, user: Pick<CurrentUser, "routes">): AccessDecision {
  const normalized = path.length > 1 ? path.replace(/\/+$/, "") : path;
  if (normalized === "/" || OPEN_ROUTES.includes(normalized)) return "allow";
  const route = findRoute(normalized);
  if (!route) return "notFound";
  // `routes` holds the table's patterns ("/mgt/ssh/deatil/:id"); a concrete path is accepted too.
  return user.routes.includes(route.path) || user.routes.includes(normalized) ? "allow" : "forbidden";
}
