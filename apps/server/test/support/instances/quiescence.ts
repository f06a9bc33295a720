// Hours made due on running postpaid resources (the instances' clocks run at real speed, so no
// hour would pass within the test), and waiting, by polling the database, until the instances have
// finished what the load left them: provisioning, notifications, e-mails, exports, metering.
import { and, eq, isNotNull, isNull, lte, notInArray, or, sql } from "drizzle-orm";
import { downloadTasks, sandboxPayments } from "../../../src/modules/finance/finance.schema";
import { orders } from "../../../src/modules/orders/orders.schema";
import { resources } from "../../../src/modules/resources/resources.schema";
import type { Db } from "../../../src/platform/db/client";
import { outboxMessages } from "../../../src/platform/outbox/outbox.schema";

export type DueHours = Map<string, { from: Date; to: Date }>;

const HOURS_MADE_DUE = 3;

/**
 * Moves back by three hours where each running postpaid resource not moved before was metered to,
 * so that every instance's next lifecycle step finds three hours to charge on it, at once.
 */
export async function makeHoursDue(db: Db, due: DueHours): Promise<number> {
  const moved = await db
    .update(resources)
    .set({ meteredUntil: sql`${resources.meteredUntil} - make_interval(hours => ${HOURS_MADE_DUE})` })
    .where(
      and(
        eq(resources.paymentType, "postpaid"),
        eq(resources.status, "running"),
        isNotNull(resources.meteredUntil),
        due.size > 0 ? notInArray(resources.id, [...due.keys()]) : undefined,
      ),
    )
    .returning({ id: resources.id, meteredUntil: resources.meteredUntil });
  for (const r of moved) {
    const from = r.meteredUntil!;
    due.set(r.id, { from, to: new Date(from.getTime() + HOURS_MADE_DUE * 3_600_000) });
  }
  return moved.length;
}

/** What the instances still have to do; empty once they are done. */
export async function stillMoving(db: Db, due: DueHours, killedAt: Date): Promise<string[]> {
  const now = new Date();
  const moving: string[] = [];
  const delivering = await db
    .select({ orderNo: orders.orderNo, status: orders.status })
    .from(orders)
    .where(sql`${orders.status} in ('applying', 'approving', 'approved', 'provisioning')`);
  if (delivering.length) moving.push(`${delivering.length} orders not final`);
  const notified = await db.select().from(sandboxPayments).where(isNull(sandboxPayments.deliveredAt));
  if (notified.length) moving.push(`${notified.length} gateway notifications not delivered`);
  const mails = await db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(
      or(
        and(
          eq(outboxMessages.status, "pending"),
          or(isNull(outboxMessages.nextAttemptAt), lte(outboxMessages.nextAttemptAt, now)),
        ),
        // Claimed by a live instance; what the killed one had claimed waits for its lease.
        and(
          eq(outboxMessages.status, "sending"),
          sql`${outboxMessages.claimedAt} > ${killedAt.toISOString()}`,
        ),
      ),
    );
  if (mails.length) moving.push(`${mails.length} e-mails not sent`);
  const exporting = await db
    .select({ id: downloadTasks.id })
    .from(downloadTasks)
    .where(eq(downloadTasks.status, "generating"));
  if (exporting.length) moving.push(`${exporting.length} exports generating`);
  if (due.size) {
    const behind = await db
      .select({ id: resources.id, meteredUntil: resources.meteredUntil })
      .from(resources)
      .where(and(eq(resources.paymentType, "postpaid"), isNotNull(resources.meteredUntil)));
    const late = behind.filter((r) => {
      const d = due.get(r.id);
      return d && r.meteredUntil! < d.to;
    });
    if (late.length) moving.push(`${late.length} resources with hours not metered`);
  }
  return moving;
}

/** Polls until nothing moves; answers how long it took, or what still moved at the deadline. */
export async function untilQuiet(
  db: Db,
  due: DueHours,
  killedAt: Date,
  deadlineMs: number,
): Promise<{ ms: number; moving: string[] }> {
  const started = Date.now();
  let moving = await stillMoving(db, due, killedAt);
  while (moving.length > 0 && Date.now() - started < deadlineMs) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    moving = await stillMoving(db, due, killedAt);
  }
  return { ms: Date.now() - started, moving };
}
