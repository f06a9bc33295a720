// Money controls (BA01): the four-eyes threshold and the maxima of money inputs. One platform
// administrator proposes new values with a reason; another approves them, and only then they apply.
import {
  type ConfigChangeRecord,
  type ConfigEntry,
  endpoints,
  MONEY_CONTROL_KEYS,
  positiveYuan,
  yuan,
} from "@skyledger/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { App, Button, Descriptions, Form, Input, Space, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useCurrentUser } from "../../app/console/current-user-context";
import { FormDialog } from "../../components/form-dialog";
import { zodRule } from "../../components/form-rules";
import { type Decision, FourEyesActions, FourEyesDecisionDialog } from "../../components/four-eyes";
import { Yuan } from "../../components/money-text";
import { NameWithId } from "../../components/name-with-id";
import { PagedTable } from "../../components/paged-table";
import { useMayActHere } from "../../components/require-org";
import { StatusTag } from "../../components/status-tags";
import { usePagedQuery } from "../../components/use-paged-query";
import { userDataCells } from "../../components/user-data";
import { YuanInput } from "../../components/yuan-input";
import { formatDateTime } from "../../lib/format";
import { cleanAmount, formatYuan, toFiveDecimals } from "../../lib/money";
import { decideConfigChange, proposeConfigChange } from "../finance/finance-api";
import { moneyLimitsKey } from "../finance/money-limits";
import { labelKey } from "./config-controls";
import { OPS_CONFIGS_KEY } from "./config-entries-form";

/** Maxima are above zero; the threshold may be 0 (every request then needs a second operator). */
const isMaximum = (key: string) => key.startsWith("finance.max.");
/** Form fields cannot hold the dots of config keys. */
const field = (key: string) => key.replace(/\./g, "_");

/** The entries the proposal changes: only values that differ from the current ones. */
export function changedEntries(current: Record<string, string>, values: Record<string, string>) {
  return MONEY_CONTROL_KEYS.map((configKey) => ({
    configKey,
    configValue: toFiveDecimals(cleanAmount(values[field(configKey)])),
  })).filter((e) => e.configValue !== "" && e.configValue !== toFiveDecimals(current[e.configKey] ?? ""));
}

export function MoneyControlsTab({ entries }: { entries: ConfigEntry[] }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const me = useCurrentUser();
  const mayAct = useMayActHere();
  const queryClient = useQueryClient();
  const [proposing, setProposing] = useState(false);
  const [deciding, setDeciding] = useState<{ row: ConfigChangeRecord; decision: Decision } | null>(null);
  const list = usePagedQuery("configChanges", endpoints.config.listChanges);
  const current = Object.fromEntries(entries.map((e) => [e.configKey, e.configValue]));
  const name = (key: string) => t(labelKey(key));

  const confirm = async (remark: string) => {
    if (!deciding) return;
    const record = await decideConfigChange(deciding.row.id, deciding.decision, remark);
    void message.success(t(`ops.config.money.decided.${record.status}`));
    setDeciding(null);
    await Promise.all([
      list.query.refetch(),
      queryClient.invalidateQueries({ queryKey: OPS_CONFIGS_KEY }),
      queryClient.invalidateQueries({ queryKey: moneyLimitsKey }),
    ]);
  };

  return (
    <>
      <Typography.Paragraph type="secondary">{t("ops.config.money.intro")}</Typography.Paragraph>
      <Descriptions bordered size="small" column={1} style={{ maxWidth: 880, marginBottom: 16 }}>
        {MONEY_CONTROL_KEYS.map((key) => (
          <Descriptions.Item key={key} label={name(key)}>
            <span data-testid={`money-control-${field(key)}`}>
              <Yuan value={current[key] ?? ""} />
            </span>
          </Descriptions.Item>
        ))}
      </Descriptions>
      {mayAct && (
        <Button type="primary" onClick={() => setProposing(true)} data-testid="money-controls-propose">
          {t("ops.config.money.propose")}
        </Button>
      )}
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t("ops.config.money.proposals")}
      </Typography.Title>
      <PagedTable<ConfigChangeRecord>
        rowKey="id"
        list={list}
        emptyText={t("ops.config.money.noProposals")}
        data-testid="config-changes-table"
        columns={[
          { title: t("common.createdAt"), dataIndex: "createdAt", render: (v: string) => formatDateTime(v) },
          {
            title: t("ops.config.money.changes"),
            key: "entries",
            render: (_, r) => (
              <Space orientation="vertical" size={0}>
                {r.entries.map((e) => (
                  <span key={e.configKey}>
                    {name(e.configKey)}: {formatYuan(e.previousValue)} →{" "}
                    <strong>{formatYuan(e.configValue)}</strong>
                  </span>
                ))}
              </Space>
            ),
          },
          { title: t("ops.config.money.reason"), ...userDataCells, dataIndex: "reason", ellipsis: true },
          {
            title: t("common.status"),
            dataIndex: "status",
            render: (_, r) => (
              <StatusTag kind="adjustment" status={r.status} testId={`config-change-status-${r.id}`} />
            ),
          },
          {
            title: t("finance.ops.adjustments.requestedBy"),
            dataIndex: "requestedByAccount",
            render: (v: string | null, r) => <NameWithId name={v} id={r.requestedBy} />,
          },
          {
            title: t("finance.ops.adjustments.decidedBy"),
            dataIndex: "decidedByAccount",
            render: (v: string | null, r) => <NameWithId name={v} id={r.decidedBy} />,
          },
          {
            title: t("common.actions"),
            key: "actions",
            hidden: !mayAct,
            render: (_, row) => (
              <FourEyesActions
                row={row}
                userId={me.userSid}
                testIdPrefix="config-change"
                onDecide={(decision) => setDeciding({ row, decision })}
              />
            ),
          },
        ]}
      />
      <ProposeDialog
        open={proposing}
        current={current}
        onClose={() => setProposing(false)}
        onDone={() => {
          setProposing(false);
          list.resetPage();
          void list.query.refetch();
        }}
      />
      <FourEyesDecisionDialog
        decision={deciding?.decision ?? null}
        title={t(
          deciding?.decision === "reject" ? "ops.config.money.rejectTitle" : "ops.config.money.approveTitle",
        )}
        summary={deciding?.row.reason}
        testIdPrefix="config-change"
        onConfirm={confirm}
        onClose={() => setDeciding(null)}
      />
    </>
  );
}

function ProposeDialog({
  open,
  current,
  onClose,
  onDone,
}: {
  open: boolean;
  current: Record<string, string>;
  onClose(): void;
  onDone(): void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Record<string, string>>();

  const submit = async (values: Record<string, string>) => {
    const entries = changedEntries(current, values);
    if (entries.length === 0) {
      void message.info(t("ops.config.nothingChanged"));
      return;
    }
    await proposeConfigChange({ entries, reason: (values.reason ?? "").trim() });
    void message.success(t("ops.config.money.proposed"));
    onDone();
  };

  return (
    <FormDialog
      form={form}
      open={open}
      title={t("ops.config.money.proposeTitle")}
      okText={t("ops.config.money.submit")}
      submitTestId="money-controls-submit"
      onSubmit={submit}
      onCancel={onClose}
      resetOnSuccess
      width={600}
      initialValues={Object.fromEntries(MONEY_CONTROL_KEYS.map((key) => [field(key), current[key] ?? ""]))}
    >
      {MONEY_CONTROL_KEYS.map((key) => (
        <Form.Item
          key={key}
          name={field(key)}
          label={t(labelKey(key))}
          rules={[
            { required: true, message: t("validation.required") },
            zodRule(
              isMaximum(key) ? positiveYuan : yuan.refine((s) => !s.startsWith("-"), "validation.amount"),
              t,
            ),
          ]}
        >
          <YuanInput data-testid={`money-controls-${field(key)}`} />
        </Form.Item>
      ))}
      <Form.Item
        name="reason"
        label={t("ops.config.money.reason")}
        rules={[
          {
            validator: async (_rule, value: unknown) => {
              const text = typeof value === "string" ? value.trim() : "";
              if (text.length < 2 || text.length > 256) throw new Error(t("validation.reason"));
            },
          },
        ]}
      >
        <Input.TextArea
          maxLength={256}
          showCount
          autoSize={{ minRows: 2 }}
          data-testid="money-controls-reason"
        />
      </Form.Item>
    </FormDialog>
  );
}
