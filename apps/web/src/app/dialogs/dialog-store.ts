// Bridges the API client (plain promises) and the dialogs it needs (React state). Concurrent
// requests that hit the same condition share one dialog and one answer.
type SessionExpiredState = { text: string };
export type DialogState = {
  sessionExpired: SessionExpiredState | null;
  stepUp: boolean;
};

type Listener = () => void;

let state: DialogState = { sessionExpired: null, stepUp: false };
const listeners = new Set<Listener>();
let sessionExpiredWaiters: (() => void)[] = [];
let stepUpWaiters: ((verified: boolean) => void)[] = [];

function update(patch: Partial<DialogState>) {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

export const dialogStore = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  snapshot: (): DialogState => state,

  openSessionExpired(text: string): Promise<void> {
    return new Promise((resolve) => {
      sessionExpiredWaiters.push(resolve);
      if (!state.sessionExpired) update({ sessionExpired: { text } });
    });
  },
  acknowledgeSessionExpired() {
    const waiters = sessionExpiredWaiters;
    sessionExpiredWaiters = [];
    update({ sessionExpired: null });
    for (const resolve of waiters) resolve();
  },

  openStepUp(): Promise<boolean> {
    return new Promise((resolve) => {
      stepUpWaiters.push(resolve);
      if (!state.stepUp) update({ stepUp: true });
    });
  },
  finishStepUp(verified: boolean) {
    const waiters = stepUpWaiters;
    stepUpWaiters = [];
    update({ stepUp: false });
    for (const resolve of waiters) resolve(verified);
  },
};
