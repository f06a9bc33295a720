// Work that runs after the answer has gone (exports, gateway notifications). Closing the app waits
// for it, so a graceful stop never cuts a job in half.
export type Background = { run(job: () => Promise<void>): void; idle(): Promise<void> };

export function createBackground(onError: (err: unknown) => void): Background {
  const running = new Set<Promise<void>>();
  return {
    run(job) {
      const p = new Promise<void>((resolve) => setImmediate(resolve))
        .then(job)
        .catch(onError)
        .finally(() => running.delete(p));
      running.add(p);
    },
    async idle() {
      while (running.size > 0) await Promise.all([...running]);
    },
  };
}
