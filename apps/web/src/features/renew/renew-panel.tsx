// Renewing one or many prepaid resources (CC08, `/mgt/renew/detail`): a period, whether to align
// their expiries (each to the latest new expiry, at most 10 days), a coupon when renewing one
// resource (CC02), the server's live quote per resource and in total — original price, discount,
// coupon, payable and how it would be paid, or what is missing with a top-up link — and the
// confirmation, sent once per action with its idempotency key. Shown in the renewal dialog and as
// the detail page.
import type { RenewQuote } from "@skyledger/contracts";
import {
  Alert,
  App,
  Button,
  Checkbox,
  Descriptions,
  Divider,
  Radio,
  Skeleton,
  Space,
  Table,
  Typography,
} from "antd";
import { type HTMLAttributes, useState } from "react";
import { useTranslation } from "react-i18next";
import { CouponNotice } from "../../components/coupon-notice";
import { DeductionBreakdown } from "../../components/deduction-breakdown";
import { quoteErrorText } from "../../components/form-rules";
import { Yuan } from "../../components/money-text";
import { usePeriodLabel } from "../../components/payment-text";
import { useHasCode } from "../../components/require-org";
import { userDataCells } from "../../components/user-data";
import { useActionKey } from "../../lib/action-key";
import { formatDateTime } from "../../lib/format";
import { formatYuan } from "../../lib/money";
import { CouponSelect } from "../services/coupon-select";
import { renewApi, useRefreshRenewals, useRenewQuote } from "./renew-api";
import { MAX_ALIGN_DAYS, RENEW_PERIODS, toRenewBody } from "./renew-logic";

type Props = {
  ids: readonly string[];
  onDone(result: RenewQuote): void;
  /** A cancel button beside the confirmation (the dialog's). */
  onCancel?(): void;
};

type Item = RenewQuote["items"][number];

export function RenewPanel({ ids, onDone, onCancel }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const period = usePeriodLabel();
  const canCoupons = useHasCode("CC02");
  const actionKey = useActionKey();
  const refresh = useRefreshRenewals();
  const [periodMonths, setPeriodMonths] = useState(RENEW_PERIODS[0]!);
  const [align, setAlign] = useState(false);
  const [couponId, setCouponId] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const body = toRenewBody(ids, periodMonths, align, couponId);
  const quote = useRenewQuote(body);
  const q = quote.data;
  const quoteError = quoteErrorText(quote.error, t);
  const couponRefused = !!q?.coupon && !q.coupon.applicable;
  const ready = !!q && !quote.isPlaceholderData && !quoteError && body !== null && !couponRefused;

  const confirm = async () => {
    if (!body) return;
    setSending(true);
    try {
      const result = await actionKey.run(body, (key) => renewApi.renew(body, key));
      void message.success(
        t("renew.detail.done", { count: result.items.length, total: formatYuan(result.total) }),
      );
      await refresh();
      onDone(result);
    } catch {
      // The API client has shown why; the form stays for another try with the same key.
    } finally {
      setSending(false);
    }
  };

  const quoteBody = () => {
    if (quoteError) return <Alert type="error" showIcon title={quoteError} data-testid="renew-quote-error" />;
    if (!q) return <Skeleton active />;
    return (
      <>
        <Table<Item>
          size="small"
          rowKey="resourceId"
          pagination={false}
          dataSource={q.items}
          scroll={{ x: 760 }}
          data-testid="renew-quote"
          onRow={(row) => ({ "data-testid": `renew-item-${row.name}` }) as HTMLAttributes<HTMLElement>}
          columns={[
            { title: t("renew.fields.name"), ...userDataCells, dataIndex: "name", width: 160 },
            {
              title: t("renew.detail.expiry"),
              key: "expiry",
              width: 340,
              render: (_, row) => (
                <span style={{ whiteSpace: "nowrap" }}>
                  {formatDateTime(row.expiresAt)} → <strong>{formatDateTime(row.newExpiresAt)}</strong>
                </span>
              ),
            },
            {
              title: t("renew.detail.alignDays"),
              dataIndex: "alignDays",
              width: 100,
              render: (v: number) => (v > 0 ? v : "-"),
            },
            {
              title: t("renew.detail.overdueDays"),
              dataIndex: "overdueDays",
              width: 100,
              render: (v: number) => (v > 0 ? <Typography.Text type="danger">{v}</Typography.Text> : "-"),
            },
            {
              title: t("renew.detail.amount"),
              dataIndex: "amount",
              width: 140,
              align: "right",
              render: (v: string, row) => <Yuan value={v} testId={`renew-amount-${row.name}`} />,
            },
          ]}
        />
        {q.items.some((i) => i.overdueDays > 0) && (
          <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
            {t("renew.detail.overdueHelp")}
          </Typography.Paragraph>
        )}
        <Descriptions
          column={1}
          size="small"
          style={{ marginTop: 12 }}
          items={[
            {
              key: "original",
              label: t("services.price.original"),
              children: <Yuan value={q.original} testId="renew-original" />,
            },
            {
              key: "discount",
              label: t("services.price.discount"),
              children: <Yuan value={q.discount} testId="renew-discount" />,
            },
            {
              key: "contractDiscount",
              label: t("services.price.contractDiscount"),
              children: <Yuan value={q.contractDiscount} testId="renew-contract-discount" />,
            },
            {
              key: "coupon",
              label: t("services.price.coupon"),
              children: <Yuan value={q.couponDeduction} testId="renew-coupon" />,
            },
          ]}
        />
        <CouponNotice coupon={q.coupon} testIdPrefix="renew" />
        <Divider style={{ margin: "12px 0" }} />
        <Space style={{ width: "100%", justifyContent: "space-between" }} align="baseline">
          <Typography.Text strong>{t("services.price.payable")}</Typography.Text>
          <Yuan value={q.payable} strong style={{ fontSize: 22, color: "#cf1322" }} testId="renew-payable" />
        </Space>
        <Divider style={{ margin: "12px 0" }} />
        <DeductionBreakdown deduction={q.deduction} />
      </>
    );
  };

  return (
    <div data-testid="renew-panel">
      <Space orientation="vertical" size={12} style={{ width: "100%" }}>
        <div>
          <Typography.Text strong>{t("renew.detail.period")}</Typography.Text>
          <div style={{ marginTop: 8 }}>
            <Radio.Group
              value={periodMonths}
              onChange={(e) => setPeriodMonths(e.target.value as number)}
              data-testid="renew-period"
            >
              {RENEW_PERIODS.map((m) => (
                <Radio.Button key={m} value={m} data-testid={`renew-period-${m}`}>
                  {period(m)}
                </Radio.Button>
              ))}
            </Radio.Group>
          </div>
        </div>
        <div>
          <Checkbox
            checked={align && ids.length > 1}
            disabled={ids.length < 2}
            onChange={(e) => setAlign(e.target.checked)}
            data-testid="renew-align"
          >
            {t("renew.detail.align")}
          </Checkbox>
          <Typography.Paragraph type="secondary" style={{ margin: "4px 0 0 24px" }}>
            {ids.length < 2
              ? t("renew.detail.alignNeedsTwo")
              : t("renew.detail.alignHelp", { days: MAX_ALIGN_DAYS })}
          </Typography.Paragraph>
        </div>
        {canCoupons && (
          <div>
            <Typography.Text strong>{t("services.fields.coupon")}</Typography.Text>
            <div style={{ marginTop: 8, maxWidth: 420 }}>
              <CouponSelect
                value={ids.length === 1 ? couponId : undefined}
                onChange={setCouponId}
                disabled={ids.length !== 1}
                testId="renew-coupon-select"
              />
            </div>
            <Typography.Paragraph type="secondary" style={{ margin: "4px 0 0" }}>
              {ids.length === 1 ? t("renew.detail.couponHint") : t("renew.detail.couponOneResource")}
            </Typography.Paragraph>
          </div>
        )}
        <div>
          <Space style={{ marginBottom: 8 }}>
            <Typography.Text strong>{t("renew.detail.quote")}</Typography.Text>
            {quote.isFetching && (
              <Typography.Text type="secondary">{t("renew.detail.updating")}</Typography.Text>
            )}
          </Space>
          {quoteBody()}
        </div>
        <Space style={{ justifyContent: "flex-end", width: "100%" }}>
          {onCancel && <Button onClick={onCancel}>{t("common.cancel")}</Button>}
          <Button
            type="primary"
            loading={sending}
            disabled={!ready || !q?.deduction.sufficient}
            onClick={() => void confirm()}
            data-testid="renew-confirm"
          >
            {t("renew.detail.confirm")}
          </Button>
        </Space>
      </Space>
    </div>
  );
}
