// One Provider for provisioning, the lifecycle and unsubscribe made of several: a create goes to
// the provider of its kind, every later call to the one whose reference prefix it carries (the
// SPI's calls after create name only the reference). The rest go to the default provider.
import type { Provider, ProviderKind } from "./provider";

export type RoutedProvider = { kind: ProviderKind; refPrefix: string; provider: Provider };

export function routeByKind(fallback: Provider, routes: RoutedProvider[]): Provider {
  const byRef = (ref: string) => routes.find((r) => ref.startsWith(r.refPrefix))?.provider ?? fallback;
  return {
    name: fallback.name,
    create: (input) => (routes.find((r) => r.kind === input.kind)?.provider ?? fallback).create(input),
    get: (ref) => byRef(ref).get(ref),
    act: (ref, action) => byRef(ref).act(ref, action),
    resize: (ref, spec) => byRef(ref).resize(ref, spec),
    delete: (ref) => byRef(ref).delete(ref),
    usage: (ref, from, to) => byRef(ref).usage(ref, from, to),
    metrics: (ref, from, to, step) => byRef(ref).metrics(ref, from, to, step),
    inUse: async (ref) => {
      const provider = byRef(ref);
      return provider.inUse ? provider.inUse(ref) : null;
    },
    inUseWithin: async (tx, ref) => {
      const provider = byRef(ref);
      return provider.inUseWithin ? provider.inUseWithin(tx, ref) : null;
    },
  };
}
