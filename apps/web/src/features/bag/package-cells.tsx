// Cells shared by the package pages: what an offer or a package covers (a discount on some products,
// or unit-hours of a product's dimension), and the status and listing tags.
import type { PackageOffer, PackageStatus, TenantPackage } from "@skyledger/contracts";
import { Tag } from "antd";
import type { ColumnsType } from "antd/es/table";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { Yuan } from "../../components/money-text";

type Covered = Pick<
  PackageOffer | TenantPackage,
  "kind" | "discount" | "productCodes" | "productCode" | "dimension"
> & {
  unitHours?: number | null;
};

export function CoversText({ item }: { item: Covered }) {
  const { t } = useTranslation();
  if (item.kind === "discount")
    return (
      <>
        {t("bag.covers.discount", {
          discount: item.discount ?? "-",
          products: item.productCodes.length > 0 ? item.productCodes.join(", ") : t("bag.covers.allProducts"),
        })}
      </>
    );
  return (
    <>
      {t("bag.covers.resource", {
        unitHours: (item.unitHours ?? 0).toLocaleString(),
        product: item.productCode ?? "-",
        dimension: item.dimension ?? "-",
      })}
    </>
  );
}

const STATUS_COLORS: Record<PackageStatus, string> = {
  active: "success",
  expired: "default",
  used: "warning",
};

export function PackageStatusTag({ status }: { status: PackageStatus }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLORS[status]}>{t(`bag.status.${status}`)}</Tag>;
}

export function KindTag({ kind }: { kind: PackageOffer["kind"] }) {
  const { t } = useTranslation();
  return <Tag color={kind === "discount" ? "magenta" : "blue"}>{t(`bag.kind.${kind}`)}</Tag>;
}

/** The columns every list of offers shows: name in the user's language, type, cover, validity, price. */
export function offerColumns(t: TFunction, language: string): ColumnsType<PackageOffer> {
  return [
    {
      key: "name",
      title: t("bag.fields.name"),
      render: (_, o) => (language === "en-US" ? o.nameEn : o.nameZh),
    },
    { key: "kind", title: t("bag.fields.kind"), render: (_, o) => <KindTag kind={o.kind} /> },
    { key: "covers", title: t("bag.fields.covers"), render: (_, o) => <CoversText item={o} /> },
    {
      key: "validity",
      title: t("bag.fields.validity"),
      render: (_, o) => t("bag.months", { count: o.validityMonths }),
    },
    { key: "price", title: t("bag.fields.price"), render: (_, o) => <Yuan value={o.price} /> },
  ];
}
