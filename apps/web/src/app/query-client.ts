import { QueryClient } from "@tanstack/react-query";

// The API client already reports failures; automatic retries would repeat its toasts and dialogs.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
