import { type ComponentType, type LazyExoticComponent, lazy } from "react";

/** Spec §7: a page's script and style chunks must arrive within 120 seconds. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export class ChunkLoadTimeoutError extends Error {
  constructor() {
    super("chunk load timed out");
    this.name = "ChunkLoadTimeoutError";
  }
}

export function withTimeout<T>(load: () => Promise<T>, ms = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadTimeoutError()), ms);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** React.lazy for a named export, under the chunk-load timeout. */
export function lazyPage<P extends object, K extends string>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(() => withTimeout(load).then((module) => ({ default: module[name] })));
}
