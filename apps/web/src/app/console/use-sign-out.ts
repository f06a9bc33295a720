import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { logout } from "../../features/auth/auth-api";

/** Logs out on the server, forgets every cached answer of the session and opens /login. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (account?: string) => {
      await logout(account);
      queryClient.clear();
      await navigate("/login", { replace: true });
    },
    [queryClient, navigate],
  );
}
