// A database's actions, on its list row and on its detail page (services/managed-actions.tsx):
// detail, renew, reset password and unsubscribe, as its status allows.
import type { OrderDetail, RdsInstance } from "@skyledger/contracts";
import { ManagedActions } from "../services/managed-actions";
import { rdsApi } from "./rds-api";
import { rdsActionEnabled } from "./rds-state";

type Props = { db: RdsInstance; compact?: boolean; onUnsubscribed?(order: OrderDetail): void };

export function RdsActions({ db, compact, onUnsubscribed }: Props) {
  return (
    <ManagedActions
      ns="rds"
      resource={db}
      resetEnabled={rdsActionEnabled("resetPassword", db)}
      reset={() => rdsApi.resetPassword(db.id)}
      compact={compact}
      onUnsubscribed={onUnsubscribed}
    />
  );
}
