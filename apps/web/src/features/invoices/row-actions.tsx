// The edit and delete links of a title's or an address's row (delete asks first).
import { Button, Popconfirm, Space } from "antd";
import { useTranslation } from "react-i18next";

type Props = { name: string; testId: string; onEdit(): void; onDelete(): Promise<unknown> };

export function RowActions({ name, testId, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  return (
    <Space>
      <Button type="link" size="small" onClick={onEdit} data-testid={`${testId}-edit`}>
        {t("invoices.edit")}
      </Button>
      <Popconfirm
        title={t("invoices.deleteConfirm", { name })}
        okText={t("invoices.delete")}
        cancelText={t("common.cancel")}
        onConfirm={() => onDelete().catch(() => {})}
      >
        <Button type="link" size="small" danger data-testid={`${testId}-delete`}>
          {t("invoices.delete")}
        </Button>
      </Popconfirm>
    </Space>
  );
}
