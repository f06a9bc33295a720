import { useEffect } from "react";
import { refreshToken } from "../../features/auth/auth-api";

const REFRESH_EVERY_MS = 5 * 60_000;
const ACTIVITY_EVENTS = ["pointerdown", "keydown"] as const;

/**
 * Extends the server session while the user is working (`enabled`): at most every five minutes, and
 * only if there was input since the last refresh, so an unattended console still expires.
 */
export function useSessionKeepAlive(enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    let active = false;
    const markActive = () => {
      active = true;
    };
    for (const event of ACTIVITY_EVENTS) globalThis.addEventListener(event, markActive, { passive: true });
    const timer = setInterval(() => {
      if (!active) return;
      active = false;
      refreshToken().catch(() => {});
    }, REFRESH_EVERY_MS);
    return () => {
      clearInterval(timer);
      for (const event of ACTIVITY_EVENTS) globalThis.removeEventListener(event, markActive);
    };
  }, [enabled]);
}
