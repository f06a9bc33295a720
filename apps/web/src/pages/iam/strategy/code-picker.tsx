// Picking permission codes for a custom set, grouped by category (the menu group each belongs to),
// with a whole-category switch. A controlled form field: value is the list of chosen codes.
import { Checkbox, Col, Row, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { PermissionCatalogueItem } from "../../../features/iam/iam-api";

type Props = {
  catalogue: readonly PermissionCatalogueItem[];
  value?: string[];
  onChange?(value: string[]): void;
};

export function byCategory(catalogue: readonly PermissionCatalogueItem[]) {
  const groups = new Map<string, PermissionCatalogueItem[]>();
  for (const item of catalogue) groups.set(item.category, [...(groups.get(item.category) ?? []), item]);
  return [...groups.entries()];
}

export function CodePicker({ catalogue, value = [], onChange }: Props) {
  const { t, i18n } = useTranslation();
  const chosen = new Set(value);
  const set = (codes: string[], on: boolean) => {
    const next = new Set(chosen);
    for (const code of codes)
      if (on) next.add(code);
      else next.delete(code);
    // Kept in catalogue order, as the server stores them; a code the set already held that the
    // picker no longer offers (a service not there yet) is kept, not dropped unseen.
    const offered = catalogue.map((c) => c.code);
    onChange?.([...offered.filter((c) => next.has(c)), ...value.filter((c) => !offered.includes(c))]);
  };

  return (
    <div data-testid="strategy-form-codes" style={{ maxHeight: 420, overflowY: "auto", paddingRight: 8 }}>
      {byCategory(catalogue).map(([category, items]) => {
        const codes = items.map((i) => i.code);
        const count = codes.filter((c) => chosen.has(c)).length;
        return (
          <div key={category} style={{ marginBottom: 12 }}>
            <Checkbox
              checked={count === codes.length}
              indeterminate={count > 0 && count < codes.length}
              onChange={(e) => set(codes, e.target.checked)}
              data-testid={`strategy-category-${category}`}
            >
              <Typography.Text strong>{t(`menu.group.${category}`)}</Typography.Text>
            </Checkbox>
            <Row gutter={[8, 4]} style={{ marginTop: 4, paddingLeft: 24 }}>
              {items.map((item) => (
                <Col key={item.code} xs={24} sm={12}>
                  <Checkbox
                    checked={chosen.has(item.code)}
                    onChange={(e) => set([item.code], e.target.checked)}
                    data-testid={`strategy-code-${item.code}`}
                  >
                    <code>{item.code}</code>{" "}
                    {i18n.language === "zh-CN" ? item.descriptionZh : item.descriptionEn}
                  </Checkbox>
                </Col>
              ))}
            </Row>
          </div>
        );
      })}
    </div>
  );
}
