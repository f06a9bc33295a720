// A share's access rules on its detail page (spec §5/§7): which client networks may mount it,
// read-only or read-write, by priority (0 the highest, the server's order). Adding and changing
// take a dialog; removing asks first. The server judges the CIDR, overlaps and the priority's
// range: its refusal, in the user's language, stays in the dialog.
import {
  FILE_RULE_ACCESS,
  FILE_RULE_PRIORITY_MAX,
  FILE_RULE_PRIORITY_MIN,
  type FileRule,
  type FileRuleInput,
  type FileShare,
} from "@skyledger/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { App, Button, Card, Form, Input, InputNumber, Popconfirm, Radio, Space, Table } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../components/form-dialog";
import { formatDateTime } from "../../lib/format";
import type { FileKind } from "./file-services";
import { fileApi, fileKeys, useFileRules } from "./fileshare-api";

type Editing = { rule: FileRule | null } | null;

export function FileRules({ kind, share }: { kind: FileKind; share: FileShare }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const rules = useFileRules(kind, share.id);
  const [editing, setEditing] = useState<Editing>(null);
  const [form] = Form.useForm<FileRuleInput>();
  const calls = fileApi(kind);
  const ready = share.status === "available";
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: fileKeys.rules(kind, share.id) }),
      client.invalidateQueries({ queryKey: fileKeys.share(kind, share.id) }),
    ]);

  const save = async (values: FileRuleInput) => {
    const body = { cidr: values.cidr.trim(), access: values.access, priority: values.priority };
    if (editing?.rule) await calls.updateRule(share.id, editing.rule.id, body);
    else await calls.addRule(share.id, body);
    void message.success(t(editing?.rule ? "share.rules.changed" : "share.rules.added", { cidr: body.cidr }));
    setEditing(null);
    await refresh();
  };

  const remove = async (rule: FileRule) => {
    try {
      await calls.deleteRule(share.id, rule.id);
      void message.success(t("share.rules.removed", { cidr: rule.cidr }));
    } catch {
      // The API client has shown why.
    }
    await refresh();
  };

  return (
    <Card
      title={t("share.rules.title")}
      extra={
        <Button
          type="primary"
          disabled={!ready}
          onClick={() => setEditing({ rule: null })}
          data-testid="file-rule-add"
        >
          {t("share.rules.add")}
        </Button>
      }
    >
      <Table<FileRule>
        rowKey="id"
        size="small"
        loading={rules.isPending}
        dataSource={rules.data ?? []}
        pagination={false}
        locale={{ emptyText: t("share.rules.empty") }}
        onRow={(rule) => ({ "data-testid": `file-rule-${rule.cidr}` }) as object}
        data-testid="file-rules"
        columns={[
          { title: t("share.rules.cidr"), dataIndex: "cidr" },
          {
            title: t("share.rules.access"),
            dataIndex: "access",
            render: (v: FileRule["access"]) => t(`share.rules.accessNames.${v}`),
          },
          { title: t("share.rules.priority"), dataIndex: "priority", width: 100 },
          {
            title: t("share.rules.updatedAt"),
            dataIndex: "updatedAt",
            width: 180,
            render: (v: string) => formatDateTime(v),
          },
          {
            title: t("common.actions"),
            key: "actions",
            width: 180,
            render: (_, rule) => (
              <Space size={0}>
                <Button
                  type="link"
                  size="small"
                  disabled={!ready}
                  onClick={() => setEditing({ rule })}
                  data-testid={`file-rule-edit-${rule.cidr}`}
                >
                  {t("share.rules.edit")}
                </Button>
                <Popconfirm
                  title={t("share.rules.removeConfirm", { cidr: rule.cidr })}
                  okText={t("share.rules.remove")}
                  cancelText={t("common.cancel")}
                  okButtonProps={{ danger: true, "data-testid": `file-rule-remove-${rule.cidr}-confirm` }}
                  onConfirm={() => remove(rule)}
                  disabled={!ready}
                >
                  <Button
                    type="link"
                    size="small"
                    danger
                    disabled={!ready}
                    data-testid={`file-rule-remove-${rule.cidr}`}
                  >
                    {t("share.rules.remove")}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <FormDialog<FileRuleInput>
        form={form}
        open={editing !== null}
        title={t(editing?.rule ? "share.rules.editTitle" : "share.rules.addTitle", { name: share.name })}
        okText={t("common.save")}
        submitTestId="file-rule-save"
        refusalTestId="file-rule-refusal"
        preserve={false}
        initialValues={
          editing?.rule
            ? { cidr: editing.rule.cidr, access: editing.rule.access, priority: editing.rule.priority }
            : { cidr: "", access: "rw", priority: FILE_RULE_PRIORITY_MIN }
        }
        onSubmit={save}
        onCancel={() => setEditing(null)}
      >
        <Form.Item
          name="cidr"
          label={t("share.rules.cidr")}
          rules={[{ required: true, whitespace: true, message: t("validation.required") }]}
          extra={t("share.rules.cidrHint")}
        >
          <Input maxLength={64} autoComplete="off" data-testid="file-rule-cidr" />
        </Form.Item>
        <Form.Item name="access" label={t("share.rules.access")} rules={[{ required: true }]}>
          <Radio.Group optionType="button" data-testid="file-rule-access">
            {FILE_RULE_ACCESS.map((a) => (
              <Radio key={a} value={a} data-testid={`file-rule-access-${a}`}>
                {t(`share.rules.accessNames.${a}`)}
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item
          name="priority"
          label={t("share.rules.priority")}
          rules={[{ required: true, message: t("validation.required") }]}
          extra={t("share.rules.priorityHint", { min: FILE_RULE_PRIORITY_MIN, max: FILE_RULE_PRIORITY_MAX })}
        >
          <InputNumber style={{ width: "100%" }} data-testid="file-rule-priority" />
        </Form.Item>
      </FormDialog>
    </Card>
  );
}
