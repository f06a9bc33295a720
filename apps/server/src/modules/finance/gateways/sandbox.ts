// The sandbox payment gateway: a payment page served by Skyledger itself and signed asynchronous
// notifications, so top-ups can be paid end to end where no real gateway is reachable.
import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { formatYuan, type Money } from "@skyledger/billing";

export type GatewayNotification = {
  rechargeNo: string;
  tradeNo: string;
  amount: string;
  status: "paid" | "cancelled";
  timestamp: string;
  nonce: string;
  sign: string;
};

const FIELDS = ["amount", "nonce", "rechargeNo", "status", "timestamp", "tradeNo"] as const;

function canonical(n: Omit<GatewayNotification, "sign">): string {
  return FIELDS.map((f) => `${f}=${n[f]}`).join("&");
}

export function signNotification(secret: string, n: Omit<GatewayNotification, "sign">): GatewayNotification {
  return { ...n, sign: createHmac("sha256", secret).update(canonical(n)).digest("hex") };
}

export function verifyNotification(secret: string, n: GatewayNotification): boolean {
  if (typeof n.sign !== "string" || !/^[0-9a-f]{64}$/.test(n.sign)) return false;
  const expected = Buffer.from(createHmac("sha256", secret).update(canonical(n)).digest("hex"));
  const given = Buffer.from(n.sign);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export function buildNotification(
  secret: string,
  payment: { rechargeNo: string; tradeNo: string; amount: Money; decision: "paid" | "cancelled" },
  now: Date,
): GatewayNotification {
  return signNotification(secret, {
    rechargeNo: payment.rechargeNo,
    tradeNo: payment.tradeNo,
    amount: formatYuan(payment.amount),
    status: payment.decision,
    timestamp: String(now.getTime()),
    nonce: randomUUID(),
  });
}
