// What the load did, per kind of request and outcome, and what each money call's key was answered:
// the checks compare the database with it, and the summary prints it.
import type { Answer, Outcome } from "./console-client";

type Counts = Record<Outcome, number> & { retried: number };

export type MoneyCall<T> = {
  /** The final answer of each time the key was sent (a deliberate second send adds one). */
  answers: Answer<T>[];
};

export class Tally {
  private readonly counts = new Map<string, Counts>();
  requests = 0;
  private readonly listeners: ((requests: number) => void)[] = [];

  record(kind: string, answer: { outcome: Outcome; attempts: number }): void {
    const c = this.counts.get(kind) ?? { ok: 0, refused: 0, failed: 0, retried: 0 };
    c[answer.outcome] += 1;
    if (answer.attempts > 1) c.retried += 1;
    this.counts.set(kind, c);
    this.requests += 1;
    for (const listener of this.listeners) listener(this.requests);
  }

  /** Called after each request with the number made so far. */
  onRequest(listener: (requests: number) => void): void {
    this.listeners.push(listener);
  }

  lines(): string[] {
    const rows = [...this.counts.entries()].sort(([a], [b]) => a.localeCompare(b));
    return rows.map(
      ([kind, c]) =>
        `  ${kind.padEnd(26)} ok ${String(c.ok).padStart(4)}  refused ${String(c.refused).padStart(4)}  failed ${String(c.failed).padStart(3)}  retried after a connection error ${String(c.retried).padStart(3)}`,
    );
  }

  count(kind: string, outcome: Outcome): number {
    return this.counts.get(kind)?.[outcome] ?? 0;
  }
}

/** Every money call's key with its answers, by kind. */
export class Keys<T> {
  readonly calls = new Map<string, MoneyCall<T>>();

  add(key: string, answer: Answer<T>): void {
    const call = this.calls.get(key) ?? { answers: [] };
    call.answers.push(answer);
    this.calls.set(key, call);
  }

  /** Keys at least one of whose sends the server accepted, with the accepted answers. */
  accepted(): [string, T[]][] {
    return [...this.calls.entries()]
      .map(([key, call]): [string, T[]] => [
        key,
        call.answers.filter((a) => a.outcome === "ok").map((a) => a.data as T),
      ])
      .filter(([, data]) => data.length > 0);
  }
}
