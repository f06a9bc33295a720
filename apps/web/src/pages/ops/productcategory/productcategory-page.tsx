// Operator catalogue `/mgt/productcategory` (BB02): products, categories and billing policies.
import { Card, Tabs, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { ReadOnlyNote } from "../../../components/require-org";
import { CategoriesTab } from "./categories-tab";
import { PoliciesTab } from "./policies-tab";
import { ProductsTab } from "./products-tab";

export function ProductCategoryPage() {
  const { t } = useTranslation();
  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("catalog.title")}
      </Typography.Title>
      <ReadOnlyNote />
      <Card>
        <Tabs
          destroyOnHidden
          items={[
            {
              key: "products",
              label: <span data-testid="catalog-tab-products">{t("catalog.tabs.products")}</span>,
              children: <ProductsTab />,
            },
            {
              key: "categories",
              label: <span data-testid="catalog-tab-categories">{t("catalog.tabs.categories")}</span>,
              children: <CategoriesTab />,
            },
            {
              key: "policies",
              label: <span data-testid="catalog-tab-policies">{t("catalog.tabs.policies")}</span>,
              children: <PoliciesTab />,
            },
          ]}
        />
      </Card>
    </>
  );
}
