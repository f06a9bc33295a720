// One invoice request as the tenant and the operators read it: state, amount, title, address,
// items, the issued invoice's number, tracking number and PDF, or the rejection reason.
import type { InvoiceRequestRecord } from "@skyledger/contracts";
import { Button, Descriptions, Skeleton, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { Yuan } from "../../components/money-text";
import { StatusTag } from "../../components/status-tags";
import { LoadFailed } from "../../components/table-states";
import { UserData } from "../../components/user-data";
import { dash, formatDateTime } from "../../lib/format";
import { saveBlob } from "../../lib/save-blob";
import { ItemKeyName } from "./invoice-item-name";
import { invoicesApi, useInvoiceRequest } from "./invoices-api";

type Props = { request: InvoiceRequestRecord; operator?: boolean };

export function InvoiceRequestView({ request: r, operator = false }: Props) {
  const { t } = useTranslation();
  const download = async () => {
    const blob = operator ? await invoicesApi.queuePdf(r.id) : await invoicesApi.pdf(r.id);
    saveBlob(blob, `${r.invoiceNumber ?? r.requestNo}.pdf`);
  };
  const title = r.title;
  return (
    <Descriptions bordered column={1} size="small" data-testid="invoice-request-view">
      <Descriptions.Item label={t("invoices.fields.requestNo")}>{r.requestNo}</Descriptions.Item>
      {operator && <Descriptions.Item label={t("invoices.fields.org")}>{r.orgName}</Descriptions.Item>}
      <Descriptions.Item label={t("common.status")}>
        <StatusTag kind="invoice" status={r.state} testId="invoice-request-state" />
      </Descriptions.Item>
      <Descriptions.Item label={t("invoices.fields.amount")}>
        <Yuan value={r.amount} testId="invoice-request-amount-value" />
      </Descriptions.Item>
      <Descriptions.Item label={t("invoices.request.medium")}>
        {t(`invoices.medium.${r.medium}`)}
      </Descriptions.Item>
      <Descriptions.Item label={t("invoices.request.invoiceTitle")}>
        <Tag>{t(`invoices.titleType.${title.type}`)}</Tag>
        <UserData>
          {title.name}
          {title.taxNumber && ` · ${title.taxNumber}`}
          {title.bankName && ` · ${title.bankName} ${title.bankAccount}`}
          {title.registeredAddress && ` · ${title.registeredAddress} ${title.registeredPhone}`}
        </UserData>
      </Descriptions.Item>
      {r.address && (
        <Descriptions.Item label={t("invoices.request.address")}>
          <UserData>{`${r.address.recipient} ${r.address.phone} ${r.address.address} ${r.address.postcode}`}</UserData>
        </Descriptions.Item>
      )}
      <Descriptions.Item label={t("invoices.request.items")}>
        {r.items.map((i) => (
          <div key={i.key}>
            <ItemKeyName itemKey={i.key} /> · <Yuan value={i.amount} />
          </div>
        ))}
      </Descriptions.Item>
      <Descriptions.Item label={t("invoices.request.remark")}>{dash(r.remark)}</Descriptions.Item>
      <Descriptions.Item label={t("invoices.fields.requestedAt")}>
        {formatDateTime(r.createdAt)}
      </Descriptions.Item>
      {r.state === "invoiced" && (
        <>
          <Descriptions.Item label={t("invoices.fields.invoiceNumber")}>
            <span data-testid="invoice-request-number">{r.invoiceNumber}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t("invoices.fields.trackingNumber")}>
            {dash(r.trackingNumber)}
          </Descriptions.Item>
          <Descriptions.Item label={t("invoices.fields.pdf")}>
            <Button size="small" onClick={() => void download()} data-testid="invoice-request-pdf">
              {t("invoices.downloadPdf")}
            </Button>
          </Descriptions.Item>
        </>
      )}
      {r.state === "rejected" && (
        <Descriptions.Item label={t("invoices.fields.rejectReason")}>
          <span data-testid="invoice-request-reason">{r.rejectReason}</span>
        </Descriptions.Item>
      )}
      {r.decidedAt && (
        <Descriptions.Item label={t("invoices.fields.decidedAt")}>
          {formatDateTime(r.decidedAt)}
        </Descriptions.Item>
      )}
    </Descriptions>
  );
}

/** A request read by id: a skeleton while it loads, a retry when it failed, the view once read. */
export function InvoiceRequestById({ id, operator = false }: { id: string; operator?: boolean }) {
  const { t } = useTranslation();
  const request = useInvoiceRequest(id, operator);
  if (request.isPending) return <Skeleton active />;
  if (request.isError || !request.data) return <LoadFailed onRetry={() => void request.refetch()} t={t} />;
  return <InvoiceRequestView request={request.data} operator={operator} />;
}
