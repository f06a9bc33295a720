import { useEffect, useState } from "react";

/** Spec §7: a live-connection check every 20 seconds. */
export const LIVE_CHECK_INTERVAL_MS = 20_000;
const PROBE_TIMEOUT_MS = 10_000;

// A plain fetch rather than the API client: a missed beat must not raise toasts or navigate, and
// any answer below 500 (even 429) proves the server is reachable.
async function probe(): Promise<boolean> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), PROBE_TIMEOUT_MS);
  try {
    const response = await fetch("/api/configs/nonAuth", {
      cache: "no-store",
      credentials: "same-origin",
      signal: controller.signal,
    });
    const reachable = response.status < 500;
    // The answer is read to its end: an unread body leaves the request open in the browser
    // (and its connection taken) until the page is gone, one more every 20 seconds.
    await response.text().catch(() => undefined);
    return reachable;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export function useLiveCheck(): { online: boolean } {
  const [online, setOnline] = useState(true);
  useEffect(() => {
    let cancelled = false;
    const check = async () => {
      const ok = await probe();
      if (!cancelled) setOnline(ok);
    };
    const timer = setInterval(() => void check(), LIVE_CHECK_INTERVAL_MS);
    const onOffline = () => setOnline(false);
    const onOnline = () => void check();
    globalThis.addEventListener("offline", onOffline);
    globalThis.addEventListener("online", onOnline);
    return () => {
      cancelled = true;
      clearInterval(timer);
      globalThis.removeEventListener("offline", onOffline);
      globalThis.removeEventListener("online", onOnline);
    };
  }, []);
  return { online };
}
