import { endpoints } from "@skyledger/contracts";
import { useQuery } from "@tanstack/react-query";
import { Modal, Table } from "antd";
import { useTranslation } from "react-i18next";
import { userDataCells } from "../../../components/user-data";
import { api } from "../../../lib/api-client";
import { dash, formatDateTime } from "../../../lib/format";

type Use = { account: string; orgName: string | null; usedAt: string };

export function InvitationUsesDialog({ code, onClose }: { code: string | null; onClose(): void }) {
  const { t } = useTranslation();
  const uses = useQuery({
    queryKey: ["ops", "invitationUses", code],
    queryFn: () => api.call(endpoints.invitations.uses, { params: { code: code! } }),
    enabled: code !== null,
  });
  return (
    <Modal
      open={code !== null}
      title={t("ops.invitation.usesTitle", { code })}
      footer={null}
      onCancel={onClose}
      width={640}
    >
      <Table<Use>
        rowKey={(row) => `${row.account}-${row.usedAt}`}
        loading={uses.isFetching}
        dataSource={uses.data ?? []}
        pagination={false}
        size="small"
        locale={{ emptyText: t("ops.invitation.noUses") }}
        columns={[
          { title: t("console.fields.account"), ...userDataCells, dataIndex: "account" },
          {
            title: t("console.fields.orgName"),
            ...userDataCells,
            dataIndex: "orgName",
            render: (v: string | null) => dash(v),
          },
          {
            title: t("ops.invitation.usedAt"),
            dataIndex: "usedAt",
            render: (v: string) => formatDateTime(v),
          },
        ]}
      />
    </Modal>
  );
}
