import { Suspense, useSyncExternalStore } from "react";
import { lazyPage } from "./lazy-page";
import { toastStore } from "./toast-store";

const ApiToasts = lazyPage(() => import("./api-toasts"), "ApiToasts");

export function ToastHost() {
  const wanted = useSyncExternalStore(toastStore.subscribe, toastStore.wanted);
  return wanted ? (
    <Suspense fallback={null}>
      <ApiToasts />
    </Suspense>
  ) : null;
}
