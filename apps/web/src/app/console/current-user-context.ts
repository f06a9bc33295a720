import type { CurrentUser } from "@skyledger/contracts";
import { createContext, useContext } from "react";

export const CurrentUserContext = createContext<CurrentUser | null>(null);

/** The signed-in user; only valid below the console shell, which renders nothing until it is known. */
export function useCurrentUser(): CurrentUser {
  const user = useContext(CurrentUserContext);
  if (!user) throw new Error("useCurrentUser outside the console shell");
  return user;
}
