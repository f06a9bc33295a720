// Wires the API client to this app: translated texts, toasts, navigation and the global dialogs.
import { useEffect } from "react";
import { useNavigate } from "react-router";
import { currentLanguage, i18n } from "../i18n";
import { api } from "../lib/api-client";
import { dialogStore } from "./dialogs/dialog-store";
import { toastStore } from "./toast-store";

export function setUpApi() {
  api.configure({
    locale: currentLanguage,
    text: (key) => i18n.t(`errors.client.${key}`),
    notify: {
      success: (text) => toastStore.push({ kind: "success", text }),
      warning: (text) => toastStore.push({ kind: "warning", text }),
      error: (text, seconds) => toastStore.push({ kind: "error", text, seconds }),
    },
    confirmSessionExpired: (text) => dialogStore.openSessionExpired(text),
    stepUp: () => dialogStore.openStepUp(),
  });
}

/** Lets the client navigate inside the single-page app; a reload asks for a full page load. */
export function ApiNavigation() {
  const navigate = useNavigate();
  useEffect(() => {
    api.configure({
      navigate: (path, options) => {
        if (options?.reload) globalThis.location.assign(path);
        else void navigate(path, { replace: true });
      },
    });
  }, [navigate]);
  return null;
}
