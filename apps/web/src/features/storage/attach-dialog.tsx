// Attaching a disk or binding an elastic IP: the organisation's running or stopped hosts to pick
// from. The server refuses what it must (a host that is busy, a second IP on a host) with its message.
import type { ResourceRecord } from "@skyledger/contracts";
import { Alert, Modal, Select } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../lib/api-client";
import { type AttachableKind, storageApi, useHostChoices } from "./storage-api";

type Props = {
  kind: AttachableKind;
  resource: Pick<ResourceRecord, "id" | "name">;
  onClose(): void;
  onDone(): void;
};

export function AttachDialog({ kind, resource, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const hosts = useHostChoices();
  const [hostId, setHostId] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const verb = kind === "disk" ? "attach" : "bind";

  const confirm = async () => {
    if (!hostId) return;
    setSending(true);
    setRefusal(null);
    try {
      await storageApi.attach(kind, resource.id, hostId);
      onDone();
    } catch (error) {
      // The API client has shown it too; it stays in the dialog while another host is picked.
      if (error instanceof ApiError && error.kind === "business") setRefusal(error.message);
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      open
      title={t(`storage.${verb}.title`, { name: resource.name })}
      okText={t(`storage.${verb}.confirm`)}
      cancelText={t("common.cancel")}
      onOk={() => void confirm()}
      onCancel={onClose}
      confirmLoading={sending}
      okButtonProps={{ disabled: !hostId, "data-testid": "attach-confirm" }}
      destroyOnHidden
    >
      <Select
        style={{ width: "100%" }}
        showSearch={{ optionFilterProp: "label" }}
        placeholder={t("storage.pickHost")}
        aria-label={t("storage.pickHost")}
        loading={hosts.isFetching}
        value={hostId}
        onChange={(v: string) => {
          setHostId(v);
          setRefusal(null);
        }}
        notFoundContent={t("storage.noHosts")}
        options={(hosts.data ?? []).map((h) => ({
          value: h.id,
          label: `${h.name} (${h.statusName})`,
        }))}
        data-testid="attach-host"
      />
      {refusal && (
        <Alert style={{ marginTop: 12 }} type="error" showIcon title={refusal} data-testid="attach-refusal" />
      )}
    </Modal>
  );
}
