// Spec §6 "only the creator may edit or delete a shared network", applied to every object a tenant
// can mark as shared (permission sets now, networks later): shared objects may be used by every
// administrator of the tenant, but only their creator changes or deletes them.
import { DomainError } from "../../platform/http/errors";

export type Ownable = {
  shared: boolean;
  createdBy: string | null;
  /** Built-in objects belong to the platform: nobody changes them. */
  builtIn?: boolean;
};

/** Whether `actor` may change or delete `object`. */
export function mayChange(object: Ownable, actor: { userId: string }): boolean {
  if (object.builtIn) return false;
  return !object.shared || object.createdBy === actor.userId;
}

/** Throws BUILT_IN_READ_ONLY or NOT_CREATOR unless `actor` may change or delete `object`. */
export function assertMayChange(object: Ownable, actor: { userId: string }): void {
  if (object.builtIn) throw new DomainError("BUILT_IN_READ_ONLY");
  if (!mayChange(object, actor)) throw new DomainError("NOT_CREATOR");
}

/**
 * Whether an object may be marked shared or unshared by `actor`: sharing is the creator's decision,
 * so nobody else can hand the object's control back and forth.
 */
export function assertMayShare(object: Ownable, actor: { userId: string }, shared: boolean): void {
  if (shared !== object.shared && object.createdBy !== actor.userId) throw new DomainError("NOT_CREATOR");
}
