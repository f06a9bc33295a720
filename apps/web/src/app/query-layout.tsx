import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Outlet } from "react-router";
import { queryClient } from "./query-client";

/** Every page but the login page, and the global dialogs, share one query cache. */
export function QueryLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}

export function WithQueries({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
