// Top-up (CC01): amount and channel, then the gateway's payment page (the sandbox's, Alipay's, or ours
// that posts UnionPay's signed form). The gateway sends the browser back here with ?rechargeNo=…,
// where the top-up's outcome is followed. /mgt/alirecharge and /mgt/unionpay preselect their channel.
import { positiveYuan, type RechargeChannel, wholeFenYuan } from "@skyledger/contracts";
import { useQuery } from "@tanstack/react-query";
import {
  Alert,
  Button,
  Card,
  Col,
  Form,
  type FormInstance,
  Radio,
  Row,
  Skeleton,
  Space,
  Typography,
} from "antd";
import type { RuleObject } from "antd/es/form";
import type { TFunction } from "i18next";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { applyFieldErrors, validValues, zodRule } from "../../../components/form-rules";
import { RequireOrg } from "../../../components/require-org";
import { LoadFailed } from "../../../components/table-states";
import { YuanInput } from "../../../components/yuan-input";
import { AccountOverviewList } from "../../../features/finance/account-overview";
import {
  createRecharge,
  fetchAccount,
  fetchPaySwitch,
  financeKeys,
  RECHARGE_CHANNELS,
} from "../../../features/finance/finance-api";
import { maxHint, maxRule, useMoneyLimits } from "../../../features/finance/money-limits";
import { useActionKey } from "../../../lib/action-key";
import { cleanAmount } from "../../../lib/money";
import { RechargeResult } from "./recharge-result";

export const QUICK_AMOUNTS = ["100", "500", "1000", "5000"] as const;

type Values = { amount: string; channel: RechargeChannel };

/** Leaves the single-page app for the gateway's page (served by the server, not by the console). */
export const goToGateway = (payUrl: string) => globalThis.location.assign(payUrl);

/** Alipay and UnionPay charge whole fen; the sandbox takes Skyledger's five decimals. */
const wholeFenRule =
  (t: TFunction) =>
  (form: Pick<FormInstance, "getFieldValue">): RuleObject => ({
    validator: async (_rule, value: string | undefined) => {
      const amount = cleanAmount(value ?? "");
      if (form.getFieldValue("channel") === "sandbox" || !positiveYuan.safeParse(amount).success) return;
      if (!wholeFenYuan.safeParse(amount).success) throw new Error(t("validation.amountFen"));
    },
  });

export function OnlineRechargePage({ channel }: { channel?: RechargeChannel }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const rechargeNo = params.get("rechargeNo");
  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("finance.topup.title")}
      </Typography.Title>
      <RequireOrg>
        {rechargeNo ? (
          <RechargeResult rechargeNo={rechargeNo} />
        ) : (
          <TopUpForm key={channel ?? "any"} preferred={channel} />
        )}
      </RequireOrg>
    </>
  );
}

function TopUpForm({ preferred }: { preferred: RechargeChannel | undefined }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const actionKey = useActionKey();
  const [submitting, setSubmitting] = useState(false);
  const amount = Form.useWatch("amount", form);
  const paySwitch = useQuery({ queryKey: financeKeys.paySwitch, queryFn: fetchPaySwitch });
  const account = useQuery({ queryKey: financeKeys.account, queryFn: fetchAccount });
  const firstOn = RECHARGE_CHANNELS.find((channel) => paySwitch.data?.[channel]);
  const initialChannel = preferred && paySwitch.data?.[preferred] ? preferred : firstOn;
  const channel = Form.useWatch("channel", form);
  const limits = useMoneyLimits();

  const submit = async () => {
    const values = await validValues(form);
    if (!values) return;
    const body = { amount: cleanAmount(values.amount), channel: values.channel };
    setSubmitting(true);
    try {
      const record = await actionKey.run(body, (key) => createRecharge(body, key));
      if (record.payUrl) goToGateway(record.payUrl);
      else goToGateway(`/mgt/onlinerecharge?rechargeNo=${encodeURIComponent(record.rechargeNo)}`);
    } catch (error) {
      // The same amount and channel submitted again is the same top-up: it keeps its key.
      applyFieldErrors(form, error);
      setSubmitting(false);
    }
  };

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={14}>
        <Card>
          <Alert type="info" showIcon title={t("finance.topup.creditTime")} style={{ marginBottom: 24 }} />
          {paySwitch.isError ? (
            <LoadFailed onRetry={() => void paySwitch.refetch()} t={t} />
          ) : paySwitch.isPending ? (
            <Skeleton active />
          ) : (
            <Form
              form={form}
              layout="vertical"
              requiredMark={false}
              onFinish={() => void submit()}
              initialValues={{ amount: "", channel: initialChannel }}
            >
              <Form.Item
                name="amount"
                label={t("finance.topup.amount")}
                dependencies={["channel"]}
                rules={[
                  { required: true, message: t("validation.required") },
                  zodRule(positiveYuan, t),
                  wholeFenRule(t),
                  maxRule(limits.data?.topup, t),
                ]}
                extra={[
                  t(
                    channel && channel !== "sandbox"
                      ? "finance.topup.amountHintFen"
                      : "finance.topup.amountHint",
                  ),
                  maxHint(limits.data?.topup, t),
                ]
                  .filter(Boolean)
                  .join(" ")}
              >
                <YuanInput
                  placeholder={t("finance.topup.amountPlaceholder")}
                  style={{ maxWidth: 320 }}
                  data-testid="topup-amount"
                />
              </Form.Item>
              <Space wrap style={{ marginTop: -8, marginBottom: 24 }}>
                {QUICK_AMOUNTS.map((value) => (
                  <Button
                    key={value}
                    type={cleanAmount(amount) === value ? "primary" : "default"}
                    onClick={() => {
                      form.setFieldValue("amount", value);
                      form.validateFields(["amount"]).catch(() => {});
                    }}
                    data-testid={`topup-quick-${value}`}
                  >
                    ¥{value}
                  </Button>
                ))}
              </Space>
              <Form.Item
                name="channel"
                label={t("finance.topup.channel")}
                rules={[{ required: true, message: t("finance.topup.chooseChannel") }]}
                extra={
                  channel && channel !== "sandbox"
                    ? t("finance.topup.leavesConsole", { channel: t(`finance.channel.${channel}`) })
                    : undefined
                }
              >
                <Radio.Group data-testid="topup-channel">
                  <Space orientation="vertical">
                    {RECHARGE_CHANNELS.map((channel) => {
                      const on = paySwitch.data?.[channel] === true;
                      return (
                        <Radio
                          key={channel}
                          value={channel}
                          disabled={!on}
                          data-testid={`topup-channel-${channel}`}
                        >
                          {t(`finance.channel.${channel}`)}
                          {!on && (
                            <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>
                              {t("finance.topup.notConfigured")}
                            </Typography.Text>
                          )}
                        </Radio>
                      );
                    })}
                  </Space>
                </Radio.Group>
              </Form.Item>
              {!firstOn && (
                <Alert
                  type="warning"
                  showIcon
                  title={t("finance.topup.noChannel")}
                  style={{ marginBottom: 16 }}
                />
              )}
              <Button
                type="primary"
                htmlType="submit"
                size="large"
                loading={submitting}
                disabled={!firstOn}
                data-testid="topup-submit"
              >
                {t("finance.topup.submit")}
              </Button>
            </Form>
          )}
        </Card>
      </Col>
      <Col xs={24} xl={10}>
        <Card title={t("finance.account.title")}>
          {account.isError ? (
            <LoadFailed onRetry={() => void account.refetch()} t={t} />
          ) : account.data ? (
            <AccountOverviewList account={account.data} />
          ) : (
            <Skeleton active paragraph={{ rows: 6 }} />
          )}
        </Card>
      </Col>
    </Row>
  );
}
