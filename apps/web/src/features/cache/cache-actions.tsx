// A cache instance's actions, on its list row and on its detail page (services/managed-actions.tsx):
// detail, renew, reset password and unsubscribe, as its status allows.
import type { CacheInstance, OrderDetail } from "@skyledger/contracts";
import { ManagedActions } from "../services/managed-actions";
import { cacheApi } from "./cache-api";

type Props = { cache: CacheInstance; compact?: boolean; onUnsubscribed?(order: OrderDetail): void };

export function CacheActions({ cache, compact, onUnsubscribed }: Props) {
  return (
    <ManagedActions
      ns="dcs"
      resource={cache}
      resetEnabled={cache.status === "available" && cache.connection !== null}
      reset={() => cacheApi.resetPassword(cache.id)}
      compact={compact}
      onUnsubscribed={onUnsubscribed}
    />
  );
}
