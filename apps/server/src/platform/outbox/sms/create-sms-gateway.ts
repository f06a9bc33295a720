// The SMS gateway the configuration names, or none: without SMS_PROVIDER messages stay in the
// outbox, marked recorded, for operators to read.
import type { Clock } from "../../clock";
import { createAliyunSms } from "./aliyun-sms";
import type { SmsGateway, SmsSettings } from "./sms-gateway";
import { createTencentSms } from "./tencent-sms";

export function createSmsGateway(settings: SmsSettings | undefined, clock: Clock): SmsGateway | undefined {
  if (!settings) return undefined;
  return settings.provider === "aliyun"
    ? createAliyunSms(settings, clock)
    : createTencentSms(settings, clock);
}
