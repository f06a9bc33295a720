// Idempotency keys for money-moving calls (top-up, voucher redemption, manual recharge, balance
// adjustment). One user action gets one fresh key; retrying that same action (same parameters,
// after a timeout, a lost connection or an error) sends the same key again, so the server applies
// it at most once. Once the action went through, or its parameters change, the next gets a new key.
import { useRef } from "react";
import { uuid } from "./ids";

export type ActionKey = {
  /** The key for an action with these parameters. */
  keyFor(params: unknown): string;
  /** Runs the call with the action's key; a success closes the action. */
  run<T>(params: unknown, call: (idempotencyKey: string) => Promise<T>): Promise<T>;
  /** Forgets the pending action: the next call starts a new one. */
  reset(): void;
};

// Object keys are sorted so that {a, b} and {b, a} are the same action.
function fingerprint(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
        )
      : v,
  );
}

export function createActionKey(newKey: () => string = uuid): ActionKey {
  let pending: { key: string; fingerprint: string } | null = null;
  const keyFor = (params: unknown) => {
    const print = fingerprint(params);
    if (!pending || pending.fingerprint !== print) pending = { key: newKey(), fingerprint: print };
    return pending.key;
  };
  return {
    keyFor,
    async run(params, call) {
      const key = keyFor(params);
      const result = await call(key);
      if (pending?.key === key) pending = null;
      return result;
    },
    reset() {
      pending = null;
    },
  };
}

/** An ActionKey that lives as long as the component (a form or a dialog). */
export function useActionKey(): ActionKey {
  const ref = useRef<ActionKey | null>(null);
  ref.current ??= createActionKey();
  return ref.current;
}
