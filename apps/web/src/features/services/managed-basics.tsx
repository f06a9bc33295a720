// The basics card of a managed service's detail page (a database, a cache or message-queue instance): name, status,
// the service's own figures, product, then payment and expiry with their order.
import type { ResourceRecord } from "@skyledger/contracts";
import { Card, Descriptions, type DescriptionsProps } from "antd";
import { useTranslation } from "react-i18next";
import { UserData } from "../../components/user-data";
import { useBillingItems } from "./billing-items";
import { HostStatusTag } from "./service-tags";

type Props = {
  ns: "rds" | "dcs" | "dms" | "share" | "scalableFile" | "obs" | "bms";
  resource: ResourceRecord;
  /** The service's figures, between the status and the product. */
  figures: NonNullable<DescriptionsProps["items"]>;
};

export function ManagedBasics({ ns, resource, figures }: Props) {
  const { t } = useTranslation();
  const billing = useBillingItems(resource, `${ns}-detail-order`);
  return (
    <Card title={t("services.host.basics")}>
      <Descriptions
        column={{ xs: 1, md: 2 }}
        bordered
        size="small"
        items={[
          { key: "name", label: t("services.fields.name"), children: <UserData>{resource.name}</UserData> },
          { key: "status", label: t("common.status"), children: <HostStatusTag host={resource} /> },
          ...figures,
          { key: "product", label: t("services.fields.product"), children: resource.productName ?? "-" },
          ...billing,
        ]}
      />
    </Card>
  );
}
