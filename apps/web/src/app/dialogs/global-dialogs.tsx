// Dialogs opened by the API client from anywhere. Their code loads only when one opens, which
// keeps it out of the login page's first download.
import { Suspense, useSyncExternalStore } from "react";
import { loadTexts } from "../../i18n";
import { lazyPage } from "../lazy-page";
import { dialogStore } from "./dialog-store";

const SessionExpiredDialog = lazyPage(
  () => Promise.all([loadTexts(), import("./session-expired-dialog")]).then(([, module]) => module),
  "SessionExpiredDialog",
);
const StepUpDialog = lazyPage(
  () => Promise.all([loadTexts(), import("./step-up-dialog")]).then(([, module]) => module),
  "StepUpDialog",
);

export function GlobalDialogs() {
  const state = useSyncExternalStore(dialogStore.subscribe, dialogStore.snapshot);
  return (
    <Suspense fallback={null}>
      {state.stepUp && <StepUpDialog />}
      {state.sessionExpired && <SessionExpiredDialog text={state.sessionExpired.text} />}
    </Suspense>
  );
}
