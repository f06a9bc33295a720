// Redeeming a cash voucher code: first what the code is (check), then the redemption itself, a
// money-moving call with an idempotency key.
import { voucherCode } from "@skyledger/contracts";
import { Alert, App, Button, Card, Descriptions, Form, Input, Space, Tag } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { validValues, zodRule } from "../../../components/form-rules";
import { Yuan } from "../../../components/money-text";
import { checkVoucher, redeemVoucher, type VoucherCheck } from "../../../features/finance/finance-api";
import { VoucherKindTag } from "../../../features/finance/voucher-columns";
import { useActionKey } from "../../../lib/action-key";
import { formatDateTime } from "../../../lib/format";

const normalise = (code: string | undefined) => (code ?? "").trim().toUpperCase();

export function RedeemVoucher({ onRedeemed }: { onRedeemed(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ code: string }>();
  const actionKey = useActionKey();
  const [checked, setChecked] = useState<VoucherCheck | null>(null);
  const [busy, setBusy] = useState<"check" | "redeem" | null>(null);
  const typed = normalise(Form.useWatch("code", form));
  // What was checked no longer describes the field once it changes.
  const current = checked && checked.code === typed ? checked : null;

  const check = async () => {
    const values = await validValues(form);
    if (!values) return;
    const { code } = values;
    setBusy("check");
    try {
      setChecked(await checkVoucher(normalise(code)));
    } catch {
      setChecked(null);
    } finally {
      setBusy(null);
    }
  };

  const redeem = async () => {
    if (!current) return;
    const body = { code: current.code };
    setBusy("redeem");
    try {
      const done = await actionKey.run(body, (key) => redeemVoucher(body.code, key));
      void message.success(t("finance.voucher.redeemed", { code: done.code }));
      setChecked(null);
      form.resetFields();
      onRedeemed();
    } catch {
      // The reason was shown; trying again with the same code reuses the same key.
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card title={t("finance.voucher.redeemTitle")}>
      <Form form={form} layout="inline" onFinish={() => void check()} requiredMark={false}>
        <Form.Item
          name="code"
          rules={[{ required: true, message: t("validation.required") }, zodRule(voucherCode.shape.code, t)]}
          style={{ minWidth: 320 }}
        >
          <Input
            placeholder={t("finance.voucher.codePlaceholder")}
            autoComplete="off"
            maxLength={64}
            aria-label={t("finance.voucher.code")}
            data-testid="voucher-code"
          />
        </Form.Item>
        <Form.Item>
          <Button htmlType="submit" loading={busy === "check"} data-testid="voucher-check">
            {t("finance.voucher.check")}
          </Button>
        </Form.Item>
      </Form>
      {current && (
        <div
          data-testid="voucher-check-result"
          data-redeemable={current.redeemable}
          style={{ marginTop: 16 }}
        >
          <Descriptions
            size="small"
            column={{ xs: 1, md: 2, xl: 4 }}
            items={[
              { key: "code", label: t("finance.voucher.code"), children: current.code },
              {
                key: "kind",
                label: t("finance.voucher.kind"),
                children: <VoucherKindTag kind={current.kind} t={t} />,
              },
              {
                key: "face",
                label: t("finance.voucher.faceValue"),
                children: <Yuan value={current.faceValue} strong />,
              },
              {
                key: "until",
                label: t("finance.voucher.validUntil"),
                children: formatDateTime(current.validUntil),
              },
            ]}
          />
          {current.redeemable ? (
            <Space>
              <Tag color="success">{t("finance.voucher.redeemable")}</Tag>
              <Button
                type="primary"
                loading={busy === "redeem"}
                onClick={() => void redeem()}
                data-testid="voucher-redeem"
              >
                {t("finance.voucher.redeem")}
              </Button>
            </Space>
          ) : (
            <Alert type="warning" showIcon title={t("finance.voucher.notRedeemable")} />
          )}
        </div>
      )}
    </Card>
  );
}
