import { useCallback, useEffect, useState } from "react";

/** Seconds left until a deadline, recomputed from the clock so a busy tab does not drift. */
export function useCountdown() {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const left = Math.max(0, Math.ceil((until - now) / 1000));

  useEffect(() => {
    if (left <= 0) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [left]);

  const start = useCallback((seconds: number) => {
    const at = Date.now();
    setNow(at);
    setUntil(at + seconds * 1000);
  }, []);

  return { left, running: left > 0, start };
}
