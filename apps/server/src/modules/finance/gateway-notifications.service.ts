// Alipay's and UnionPay's asynchronous notifications: verify with the adapter, then credit through the
// top-up service's one idempotent path. Anything the gateway cannot be shown to have said, or that
// does not match the top-up exactly, is refused, changes nothing and is logged (and audited under the
// top-up's organisation when it names one of ours).

import type { FastifyBaseLogger } from "fastify";
import type { Audit } from "../../platform/audit/audit";
import type { Db } from "../../platform/db/client";
import type { OnlineGateways, ReadNotification, RealChannel } from "./gateways/online-gateways";
import { PROCESSED, type TopUpsService } from "./topups.service";

export type NotificationAnswer = {
  /** Processed now or before: the gateway may stop retrying. */
  processed: boolean;
  outcome: string;
};

export type GatewayNotificationsService = ReturnType<typeof createGatewayNotificationsService>;

export function createGatewayNotificationsService(deps: {
  gateways: OnlineGateways;
  topups: TopUpsService;
  db: Db;
  audit: Audit;
  log: FastifyBaseLogger;
}) {
  const { db, gateways, topups, audit, log } = deps;

  async function refuse(
    channel: RealChannel,
    reason: string,
    rechargeNo: string | undefined,
    ip: string,
    tradeNo?: string,
  ): Promise<NotificationAnswer> {
    log.warn({ channel, reason, rechargeNo, ip }, "payment notification refused");
    const orgId = rechargeNo ? await topups.orgOfTopUp(rechargeNo) : undefined;
    if (orgId) {
      await audit.record(db, {
        action: "topup.notification.refused",
        actorId: null,
        orgId,
        target: rechargeNo,
        ip,
        detail: { channel, refusal: reason, ...(tradeNo ? { tradeNo } : {}) },
      });
    }
    return { processed: false, outcome: reason };
  }

  async function handle(
    channel: RealChannel,
    read: ReadNotification,
    ip: string,
  ): Promise<NotificationAnswer> {
    if (read.kind === "refuse") return refuse(channel, read.reason, read.rechargeNo, ip);
    if (read.kind === "ignore") {
      log.info(
        { channel, reason: read.reason, rechargeNo: read.rechargeNo },
        "payment notification: nothing to do",
      );
      return { processed: true, outcome: read.reason };
    }
    const { notice } = read;
    const outcome = await topups.applyNotice(notice);
    if (!PROCESSED.has(outcome)) return refuse(channel, outcome, notice.rechargeNo, ip, notice.tradeNo);
    return { processed: true, outcome };
  }

  /** Form fields as decoded by the body parser; anything else is not a gateway notification. */
  const fieldsOf = (body: unknown): Record<string, string> | undefined => {
    if (typeof body !== "object" || body === null || Array.isArray(body)) return undefined;
    const entries = Object.entries(body);
    return entries.every(([, v]) => typeof v === "string") ? Object.fromEntries(entries) : undefined;
  };

  return {
    async receive(channel: RealChannel, body: unknown, ip: string): Promise<NotificationAnswer> {
      const fields = fieldsOf(body);
      if (!fields) return refuse(channel, "malformed", undefined, ip);
      const read = channel === "alipay" ? gateways.readAlipay(fields) : gateways.readUnionpay(fields);
      return handle(channel, read, ip);
    },
  };
}
